"use client";
/**
 * The header's section links: inline from 768 px up; on phones behind a "Menu" button that opens
 * them as a panel under the header (closed again on navigation, Escape or an outside click). The
 * link of the section the visitor is in carries aria-current="page" and is marked.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/menu";
import type { NavLink } from "@/lib/routes";

function isCurrent(pathname: string, link: NavLink): boolean {
  const under = (prefix: string) =>
    prefix.endsWith("/") ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`);
  return under(link.href) || (link.alsoCurrentOn ?? []).some(under);
}

const linkClass = (current: boolean) =>
  `block rounded-md px-2 py-1.5 ${current ? "bg-slate-800 font-semibold text-cyan-300" : "text-slate-200 hover:text-cyan-300"}`;

/** `action`: the site's main call to action, first in the phone menu (beside the links on wider screens, in the header). */
export function MainNav({ links, action }: { links: readonly NavLink[]; action?: NavLink }) {
  const pathname = usePathname() ?? "/";
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A navigation closes the phone menu (state adjusted during render, not in an effect).
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useDismiss(open, () => setOpen(false), rootRef, buttonRef);

  const items = (onPick?: () => void) =>
    links.map((link) => {
      const current = isCurrent(pathname, link);
      return (
        <li key={link.href}>
          <Link href={link.href} aria-current={current ? "page" : undefined} className={linkClass(current)} onClick={onPick}>
            {link.label}
          </Link>
        </li>
      );
    });

  return (
    <div ref={rootRef} className="md:flex-1">
      <nav aria-label="Main" className="hidden md:block">
        <ul className="flex flex-wrap gap-x-2 gap-y-1 text-sm">{items()}</ul>
      </nav>
      <div className="md:hidden">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpenedAt(pathname);
            setOpen((o) => !o);
          }}
          className="flex h-9 items-center gap-2 rounded-md border border-slate-600 px-3 text-sm text-slate-100 hover:border-cyan-300"
        >
          <span aria-hidden="true" className="text-base leading-none">
            {open ? "✕" : "☰"}
          </span>
          Menu
        </button>
        {open && (
          <nav id={panelId} aria-label="Main" className="absolute inset-x-0 top-full border-b border-slate-800 bg-[#0b0c10] px-4 py-3 shadow-xl">
            <ul className="grid gap-1 text-base">
              {action && (
                <li className="mb-2">
                  <Link href={action.href} onClick={() => setOpen(false)} className="flex min-h-11 items-center justify-center rounded-md bg-accent px-3 font-semibold text-on-accent hover:bg-accent-hover">
                    {action.label}
                  </Link>
                </li>
              )}
              {items(() => setOpen(false))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}

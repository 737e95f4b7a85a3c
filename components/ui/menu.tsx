"use client";
/**
 * A menu button: the button toggles a list of menu items that closes on an outside click, on
 * Escape (focus back on the button) and when an item calls `close`.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";

export const menuItemClass = "block w-full px-4 py-2 text-left text-sm text-slate-100 hover:bg-slate-800 focus:bg-slate-800 focus:outline-none";

/**
 * Closes an open popup (menu, phone nav panel) on a click or touch outside `root` and on Escape,
 * which also puts focus back on `button`.
 */
export function useDismiss(open: boolean, close: () => void, root: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) closeRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closeRef.current();
      button.current?.focus();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, root, button]);
}

export function Dropdown({ label, children }: { label: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(open, () => setOpen(false), rootRef, buttonRef);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        // max-w-full: a button sizes to its content whatever its container allows; a long label must
        // shrink (and truncate) with the container instead, e.g. a long name in a phone's header.
        className="flex max-w-full items-center gap-2 rounded-md max-sm:min-h-11 border border-slate-600 px-3 py-1.5 text-sm text-slate-100 hover:border-accent-fg"
      >
        {label}
        <span aria-hidden="true" className="text-xs">▾</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-50 mt-2 min-w-40 overflow-hidden rounded-md border border-slate-600 bg-slate-900 py-1 shadow-xl"
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}


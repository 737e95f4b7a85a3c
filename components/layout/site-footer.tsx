/** Shared footer: copyright with the current year and the five links. */
import Link from "next/link";
import { FOOTER_LINKS } from "@/lib/routes";
import { CurrentYear } from "./current-year";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-800 bg-[#0b0c10]">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
        <p>
          © <CurrentYear /> ViewParty. Watch together, each on your own account.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="inline-flex min-h-11 items-center hover:text-cyan-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Shared header (spec §2): logo home, the six section links, the auth area. */
import Link from "next/link";
import { UserMenu } from "./user-menu";

export const HEADER_LINKS = [
  { href: "/getting-started", label: "Getting Started" },
  { href: "/streaming-guide", label: "Streaming Guide" },
  { href: "/parties", label: "Watch Parties" },
  { href: "/blogs", label: "Blogs" },
  { href: "/faqs", label: "FAQs" },
  { href: "/about", label: "About" },
] as const;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-[#0b0c10]/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-white">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-md bg-cyan-300 text-sm font-black text-slate-950">
            VP
          </span>
          <span>ViewParty</span>
        </Link>
        <nav aria-label="Main" className="order-3 w-full overflow-x-auto md:order-2 md:w-auto md:flex-1">
          <ul className="flex gap-4 whitespace-nowrap text-sm">
            {HEADER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="text-slate-200 hover:text-cyan-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-2 ml-auto md:order-3">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

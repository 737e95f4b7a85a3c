/** Shared header: logo home, the six section links (a menu on phones), the auth area. */
import Link from "next/link";
import { HEADER_LINKS } from "@/lib/routes";
import { MainNav } from "./main-nav";
import { UserMenu } from "./user-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-[#0b0c10]/95 backdrop-blur">
      <div className="relative mx-auto flex max-w-7xl items-center gap-x-4 px-4 py-3 md:gap-x-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-white">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-md bg-cyan-300 text-sm font-black text-slate-950">
            VP
          </span>
          <span className="max-sm:sr-only">ViewParty</span>
        </Link>
        <MainNav links={HEADER_LINKS} />
        <div className="ml-auto min-w-0">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

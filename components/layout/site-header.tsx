/** Shared header: logo home, the six section links (a menu on phones), "Start a room", the auth area. */
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { HEADER_LINKS } from "@/lib/routes";
import { START_ROOM_LABEL, START_ROOM_PATH } from "@/lib/watch-room/room-texts";
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
        <MainNav links={HEADER_LINKS} action={{ href: START_ROOM_PATH, label: START_ROOM_LABEL }} />
        {/* Phones have it at the top of the menu: the bar has no room for it beside Login and Sign Up. */}
        <Link href={START_ROOM_PATH} className={buttonVariants({ size: "sm", className: "min-h-9 shrink-0 max-md:hidden" })}>
          {START_ROOM_LABEL}
        </Link>
        <div className="ml-auto min-w-0">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

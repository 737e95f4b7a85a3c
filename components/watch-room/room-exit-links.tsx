/** Where to go from a room you can't stay in (removed, refused, not found): other parties, or home. */
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

export function RoomExitLinks() {
  return (
    <nav aria-label="Where to go" className="mt-6 flex flex-wrap gap-3">
      <Link href="/parties" className={buttonVariants({ className: "min-h-11" })}>
        Browse parties
      </Link>
      <Link href="/" className={buttonVariants({ variant: "secondary", className: "min-h-11" })}>
        Home
      </Link>
    </nav>
  );
}

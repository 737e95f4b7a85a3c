/** The public profile's error view: "Profile Not Found" with the reason and a "Go Home" link. */
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

export const USER_NOT_FOUND_TEXT = "User not found";

export function ProfileNotFound({ message = USER_NOT_FOUND_TEXT }: { message?: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">Profile Not Found</h1>
      <p className="mt-3 text-slate-300">{message}</p>
      <Link href="/" className={buttonVariants({ className: "mt-6" })}>
        Go Home
      </Link>
    </div>
  );
}

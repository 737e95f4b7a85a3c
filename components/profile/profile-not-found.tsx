/** The public profile's error view: "Profile Not Found" with the reason and a "Go Home" link. */
import Link from "next/link";

export const USER_NOT_FOUND_TEXT = "User not found";

export function ProfileNotFound({ message = USER_NOT_FOUND_TEXT }: { message?: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">Profile Not Found</h1>
      <p className="mt-3 text-slate-300">{message}</p>
      <Link href="/" className="mt-6 inline-block rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950 hover:bg-cyan-200">
        Go Home
      </Link>
    </div>
  );
}

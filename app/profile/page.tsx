// /profile – the signed-in user's own profile
import type { Metadata } from "next";
import { OwnProfile } from "@/components/profile/own-profile";
import { getUserOrThrow } from "@/lib/server/users/get-user-or-throw";
import { getViewerId } from "@/lib/server/users/get-viewer-id";
import { toOwnUser } from "@/lib/server/users/to-own-user";

export const metadata: Metadata = { title: "Profile - ViewParty", robots: { index: false } };

/**
 * Rendered per request (it reads the session cookie) with the signed-in user's profile in the HTML:
 * read in the browser, it waited for the script, then the session check, then the profile request
 * before the page showed anything but "Loading profile..." (its largest paint at ~3 s on a phone).
 */
export default async function ProfilePage() {
  const viewerId = await getViewerId();
  // Any failure leaves it to the browser, as before: it asks the API and shows that answer.
  const initial = viewerId ? await getUserOrThrow(viewerId).then(toOwnUser).catch(() => undefined) : undefined;
  return <OwnProfile initial={initial} />;
}

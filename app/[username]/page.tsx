import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PublicProfile } from "@/components/profile/public-profile";
import { findVisibleProfile } from "@/lib/server/users/get-public-profile-or-throw";
import { getViewerId } from "@/lib/server/users/get-viewer-id";
import { toPublicUser } from "@/lib/server/users/to-public-user";

// Static routes always win over this segment in the App Router, so /{username} never shadows them.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ username: string }> };

/** One read per request for both the metadata and the page. Private profiles: their owner only. */
const load = cache(async (raw: string) => {
  const row = await findVisibleProfile(raw, await getViewerId());
  return row ? toPublicUser(row) : undefined;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await load((await params).username);
  if (!profile) return { title: "404 - Page Not Found", robots: { index: false } };
  return {
    title: `${profile.display_name} (@${profile.username}) - ViewParty`,
    description: profile.bio ?? `${profile.display_name}'s watch parties on ViewParty.`,
    robots: profile.profile_private ? { index: false } : undefined,
  };
}

export default async function PublicProfilePage({ params }: Props) {
  const profile = await load((await params).username);
  // An address that names nobody (or a private profile, answered the same so names cannot be probed) is
  // just an unknown address: the site's 404 page. "Profile Not Found" stays for a profile that goes
  // missing while it is open (public-profile.tsx).
  if (!profile?.username) notFound();
  return <PublicProfile username={profile.username} initial={profile} />;
}

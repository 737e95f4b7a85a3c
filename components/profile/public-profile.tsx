"use client";
/**
 * /{username}: avatar, display name, @username, bio, the public social
 * links (else "No public social links"), Twitch, "Join a Party" / "View Parties", and the user's
 * scheduled parties with filter, sort and RSVP per row. The server passes the profile it already
 * read (so the page is complete without JavaScript); the client keeps it fresh.
 */
import Link from "next/link";
import { ApiClientError } from "@/lib/api/client";
import { useHostScheduledParties } from "@/lib/api/use-scheduled-parties";
import { usePublicProfile } from "@/lib/api/use-public-profile";
import type { PublicUser } from "@/lib/schemas/user";
import { ScheduledPartiesTable } from "@/components/parties/scheduled-parties-table";
import { buttonVariants } from "@/components/ui/button";
import { Avatar } from "./avatar";
import { ProfileNotFound, USER_NOT_FOUND_TEXT } from "./profile-not-found";
import { ProfileSection } from "./profile-section";
import { profileThemeClass, profileThemeStyle, publicProfileColors } from "./profile-theme";
import { PublicTwitch } from "./public-twitch";
import { PublicRecordings } from "@/components/recordings/public-recordings";
import { SocialLinkList } from "./social-link-list";
import { socialLinksOf } from "./social-links";

export const NO_PUBLIC_LINKS = "No public social links";

/** "User not found" when the server says there is no such (visible) profile, else the generic text. */
export function profileErrorText(error: Error): string {
  if (error instanceof ApiClientError && error.code === "not_found") return USER_NOT_FOUND_TEXT;
  return "Failed to load user profile";
}

function HostParties({ profile }: { profile: PublicUser }) {
  const { data, error } = useHostScheduledParties(profile.id);
  const title = `Scheduled Parties by ${profile.display_name}`;
  if (error) {
    return (
      <p role="alert" className="text-red-300">
        Failed to load scheduled parties
      </p>
    );
  }
  if (!data) return <p className="text-slate-300">Loading parties...</p>;
  return <ScheduledPartiesTable parties={data} title={title} headingId="host-parties-title" showHost={false} missingTitle="N/A" />;
}

export function PublicProfile({ username, initial }: { username: string; initial?: PublicUser }) {
  const { data: profile, error, isLoading } = usePublicProfile(username, initial);

  if (error && !profile) return <ProfileNotFound message={profileErrorText(error)} />;
  // A profile turned private (or removed) since the page loaded is gone for good here too.
  if (error instanceof ApiClientError && error.code === "not_found") return <ProfileNotFound />;
  if (!profile) {
    if (isLoading) {
      return (
        <p role="status" className="mx-auto max-w-4xl px-4 py-10 text-slate-300">
          Loading profile...
        </p>
      );
    }
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-white">User Not Found</h1>
        <p className="mt-3 text-slate-300">The requested user profile could not be found.</p>
      </div>
    );
  }

  const links = socialLinksOf(profile, { publicOnly: true });
  return (
    <div style={profileThemeStyle(publicProfileColors(profile))} className={`${profileThemeClass} mx-auto max-w-5xl space-y-6 px-4 py-10`}>
      {profile.profile_private && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-950 px-4 py-2 text-sm text-amber-100">
          Your profile is private: only you can see this page.
        </p>
      )}
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar src={profile.profile_image_url} name={profile.display_name} />
        <div className="min-w-0 flex-1 text-[color:var(--profile-text)]">
          <h1 className="text-3xl font-bold [overflow-wrap:anywhere] text-white">{profile.display_name}</h1>
          {profile.username && <p className="[overflow-wrap:anywhere]">@{profile.username}</p>}
          {profile.bio && <p className="mt-3 whitespace-pre-line">{profile.bio}</p>}
        </div>
        <div className="flex flex-wrap gap-3">
          <Link href="/parties" className={buttonVariants()}>
            Join a Party
          </Link>
          <Link href="/scheduled-parties" className={buttonVariants({ variant: "secondary" })}>
            View Parties
          </Link>
        </div>
      </header>
      <ProfileSection title="Social Links">
        {links.length > 0 ? <SocialLinkList links={links} /> : <p className="text-[color:var(--profile-text)]">{NO_PUBLIC_LINKS}</p>}
      </ProfileSection>
      {profile.twitch_username && profile.username && <PublicTwitch username={profile.username} twitchUsername={profile.twitch_username} />}
      <HostParties profile={profile} />
      {profile.username && <PublicRecordings username={profile.username} />}
    </div>
  );
}

"use client";
/**
 * Profile URL, read-only, with Copy → "Copied!" for 1.2 s. Builds it from the site root and
 * the Twitch username, else the encoded display name, else the id; but this site's public profile
 * route is /{username}, so the username comes first (a link by Twitch name or display name would
 * not open the profile here).
 */
import { CopyField, usePageOrigin } from "@/components/ui/copy-field";
import type { OwnUser } from "@/lib/schemas/user";
import { ProfileSection } from "./profile-section";

export function profileUrl(origin: string, user: Pick<OwnUser, "username" | "twitch_username" | "display_name" | "id">): string {
  const slug = user.username ?? user.twitch_username ?? (user.display_name ? encodeURIComponent(user.display_name) : user.id);
  return `${origin}/${slug}`;
}

export function ProfileUrl({ user }: { user: OwnUser }) {
  const url = profileUrl(usePageOrigin(), user);
  return (
    <ProfileSection title="Profile URL">
      <CopyField label="Profile URL" value={url} />
    </ProfileSection>
  );
}

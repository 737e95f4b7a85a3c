"use client";
/**
 * The own profile's Account group: the profile URL, privacy, and the account settings (edit info,
 * linked sign-in providers). Loaded apart from the page (see OwnProfile): Better Auth's browser
 * client and the account schemas are not needed for the profile's first paint.
 */
import type { OwnUser } from "@/lib/schemas/user";
import { AccountSettings } from "./account-settings";
import { PrivacySwitch } from "./privacy-switch";
import { ProfileUrl } from "./profile-url";

export function AccountGroup({ user }: { user: OwnUser }) {
  return (
    <>
      <ProfileUrl user={user} />
      <PrivacySwitch isPrivate={user.profile_private} />
      <AccountSettings key={user.id} user={user} />
    </>
  );
}

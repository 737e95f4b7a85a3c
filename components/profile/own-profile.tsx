"use client";
/**
 * /profile: the signed-in user's profile in three groups, Profile (what others see), Parties and
 * Account, with a section bar to jump between them and a link to the public page; anonymous
 * visitors get a sign-in prompt. Edit Info and Link/Unlink Providers (AccountSettings) and the
 * Twitch box (TwitchInfo) belong to the sign-in work and are rendered as they are.
 */
import dynamic from "next/dynamic";
import { memo } from "react";
import { PageShell } from "@/components/common/page-shell";
import { SignInButtons } from "@/components/layout/sign-in-buttons";
import { TwitchInfo } from "@/components/profile/twitch-info";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { useOwnUser } from "@/lib/api/use-own-user";
import type { OwnUser } from "@/lib/schemas/user";
import { BioEditor } from "./bio-editor";
import { ProfileColors } from "./profile-colors";
import { ProfileHeader } from "./profile-header";
import { PROFILE_GROUPS, ProfileGroup, ProfileSectionNav } from "./profile-groups";
import { profileThemeClass, profileThemeStyle, useOwnProfileColors } from "./profile-theme";
import { SocialLinksEditor } from "./social-links-editor";

/** `initial`: the profile the server read for the signed-in visitor (shown at once, then revalidated). */
export function OwnProfile({ initial }: { initial?: OwnUser }) {
  const { user, isLoading } = useCurrentUser();
  // Until the browser's own session check answers, the server's word on who is signed in stands;
  // after it, that profile only while it is still this session's (not after a sign-out or switch).
  const serverProfile = initial && (isLoading || user?.id === initial.id) ? initial : undefined;
  const signedIn = isLoading ? serverProfile !== undefined : user !== null;
  const { data, error } = useOwnUser(signedIn, serverProfile);

  if (isLoading && !serverProfile) return <PageShell title="Profile">Loading profile...</PageShell>;
  if (!signedIn) {
    return (
      <PageShell title="Profile" lead="Log in to see and edit your profile.">
        <SignInButtons className="flex gap-3" />
      </PageShell>
    );
  }
  if (error) {
    return (
      <PageShell title="Profile">
        <p role="alert" className="text-red-300">
          Failed to load user profile
        </p>
      </PageShell>
    );
  }
  if (!data) return <PageShell title="Profile">Loading profile...</PageShell>;
  return <SignedInProfile data={data} />;
}

/**
 * The groups below the first are their own chunks. Server-rendered like the rest, they are in the
 * page's HTML at once; their scripts load beside the page's and hydrate them after it, so the first
 * paint and the first hydration wait for neither. The placeholder shows only on a client-side
 * visit while a chunk loads.
 */
const PartiesGroup = dynamic(() => import("./parties-group").then((m) => m.PartiesGroup), { loading: GroupLoading });
const AccountGroup = dynamic(() => import("./account-group").then((m) => m.AccountGroup), { loading: GroupLoading });

function GroupLoading() {
  return (
    <p role="status" className="text-slate-300">
      Loading...
    </p>
  );
}

/** Memoised: the session check and other answers re-render OwnProfile without changing the profile. */
const SignedInProfile = memo(function SignedInProfile({ data }: { data: OwnUser }) {
  const colors = useOwnProfileColors(data);
  return (
    <div style={profileThemeStyle(colors)} className={profileThemeClass}>
      <PageShell title="Profile">
        <ProfileSectionNav username={data.username} />
        <div className="space-y-10">
          <ProfileGroup id={PROFILE_GROUPS[0].id} title={PROFILE_GROUPS[0].label}>
            <ProfileHeader user={data} />
            <BioEditor bio={data.bio} />
            <SocialLinksEditor user={data} />
            <ProfileColors initial={colors} />
            <TwitchInfo twitchUsername={data.twitch_username} twitchPrivate={data.twitch_private} />
          </ProfileGroup>
          <ProfileGroup id={PROFILE_GROUPS[1].id} title={PROFILE_GROUPS[1].label}>
            <PartiesGroup />
          </ProfileGroup>
          <ProfileGroup id={PROFILE_GROUPS[2].id} title={PROFILE_GROUPS[2].label}>
            <AccountGroup user={data} />
          </ProfileGroup>
        </div>
      </PageShell>
    </div>
  );
});

"use client";
/**
 * /profile (spec §2 "Own profile"): the signed-in user's profile in the spec's order; anonymous
 * visitors get a sign-in prompt. Edit Info and Link/Unlink Providers (AccountSettings) and the
 * Twitch box (TwitchInfo) belong to the sign-in work and are rendered as they are.
 */
import { PageShell } from "@/components/common/page-shell";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { AccountSettings } from "@/components/profile/account-settings";
import { TwitchInfo } from "@/components/profile/twitch-info";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { useOwnUser } from "@/lib/api/use-own-user";
import { BioEditor } from "./bio-editor";
import { CurrentPartyCard } from "./current-party-card";
import { MyScheduledParties } from "./my-scheduled-parties";
import { MyRecordings } from "@/components/recordings/my-recordings";
import { PrivacySwitch } from "./privacy-switch";
import { ProfileColors } from "./profile-colors";
import { ProfileHeader } from "./profile-header";
import { ownProfileColors, profileThemeStyle } from "./profile-theme";
import { ProfileUrl } from "./profile-url";
import { JoinedScheduledParties, RsvpdParties } from "./rsvp-lists";
import { SocialLinksEditor } from "./social-links-editor";

export function OwnProfile() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const { data, error } = useOwnUser(Boolean(user));

  if (isLoading) return <PageShell title="Profile">Loading profile...</PageShell>;
  if (!user) {
    return (
      <PageShell title="Profile" lead="Log in to see and edit your profile.">
        <div className="flex gap-3">
          <button type="button" onClick={() => modal.open("login")} className="rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950">
            Login
          </button>
          <button type="button" onClick={() => modal.open("signup")} className="rounded-md border border-slate-500 px-4 py-2 text-slate-100">
            Sign Up
          </button>
        </div>
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

  const colors = ownProfileColors(data);
  return (
    <div style={profileThemeStyle(colors)}>
      <PageShell title="Profile">
        <div className="space-y-6">
          <ProfileHeader user={data} />
          <ProfileColors initial={colors} />
          <BioEditor bio={data.bio} />
          <SocialLinksEditor user={data} />
          <TwitchInfo twitchUsername={data.twitch_username} twitchPrivate={data.twitch_private} />
          <ProfileUrl user={data} />
          <PrivacySwitch isPrivate={data.profile_private} />
          <AccountSettings key={data.id} user={data} />
          <JoinedScheduledParties />
          <CurrentPartyCard />
          <RsvpdParties />
          <MyScheduledParties />
          <MyRecordings />
        </div>
      </PageShell>
    </div>
  );
}

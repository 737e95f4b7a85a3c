"use client";
/**
 * /profile: the signed-in user's profile in three groups, Profile (what others see), Parties and
 * Account, with a section bar to jump between them and a link to the public page; anonymous
 * visitors get a sign-in prompt. Edit Info and Link/Unlink Providers (AccountSettings) and the
 * Twitch box (TwitchInfo) belong to the sign-in work and are rendered as they are.
 */
import { PageShell } from "@/components/common/page-shell";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { Button } from "@/components/ui/button";
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
import { PROFILE_GROUPS, ProfileGroup, ProfileSectionNav } from "./profile-groups";
import { ownProfileColors, profileThemeClass, profileThemeStyle } from "./profile-theme";
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
          <Button onClick={() => modal.open("login")}>Login</Button>
          <Button variant="secondary" onClick={() => modal.open("signup")}>
            Sign Up
          </Button>
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
            <CurrentPartyCard />
            <RsvpdParties />
            <MyScheduledParties />
            <JoinedScheduledParties />
            <MyRecordings />
          </ProfileGroup>
          <ProfileGroup id={PROFILE_GROUPS[2].id} title={PROFILE_GROUPS[2].label}>
            <ProfileUrl user={data} />
            <PrivacySwitch isPrivate={data.profile_private} />
            <AccountSettings key={data.id} user={data} />
          </ProfileGroup>
        </div>
      </PageShell>
    </div>
  );
}

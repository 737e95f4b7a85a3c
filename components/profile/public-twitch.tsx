"use client";
/** The public profile's Twitch section: channel, Live/Offline, and the player (300 px) while live. */
import { ApiClientError } from "@/lib/api/client";
import { usePublicTwitchInfo } from "@/lib/api/use-public-profile";
import { useTwitchConfigured } from "@/lib/api/use-providers";
import { TWITCH_INFO_TEXTS } from "@/lib/twitch-info-texts";
import { ProfileSection } from "./profile-section";
import { TwitchLiveBadge, TwitchLivePlayer } from "./twitch-live";

function errorText(error: Error): string {
  if (error instanceof ApiClientError && error.status === 404) return "No Twitch info found.";
  if (error instanceof ApiClientError && error.status === 503) return "Twitch info unavailable";
  return "Failed to load Twitch info.";
}

export function PublicTwitch({ username, twitchUsername }: { username: string; twitchUsername: string }) {
  const configured = useTwitchConfigured();
  const { data, error } = usePublicTwitchInfo(configured ? username : null);
  return (
    <ProfileSection title="Twitch">
      <div className="flex flex-wrap items-center gap-3">
        <a href={`https://twitch.tv/${encodeURIComponent(twitchUsername)}`} target="_blank" rel="noopener noreferrer" className="text-accent-fg hover:underline">
          twitch.tv/{twitchUsername}
        </a>
        {data && <TwitchLiveBadge info={data} />}
      </div>
      {configured === false && <p className="mt-2 text-slate-300">{TWITCH_INFO_TEXTS.unavailable}</p>}
      {error && <p className="mt-2 text-slate-300">{errorText(error)}</p>}
      {configured !== false && !data && !error && <p className="mt-2 text-slate-300">Loading Twitch info...</p>}
      {data && <TwitchLivePlayer info={data} className="mt-3" />}
    </ProfileSection>
  );
}

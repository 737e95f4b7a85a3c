"use client";
/**
 * The profile's Twitch box: shown only when a Twitch username is set and not
 * private; username, Live/Offline, and Twitch's player (300 px high) while live. The data comes
 * from our server (GET /api/v1/users/me/twitch), which holds the Twitch app credentials.
 */
import useSWR from "swr";
import { ApiClientError, apiFetch } from "@/lib/api/client";
import { useTwitchConfigured } from "@/lib/api/use-providers";
import { TwitchLiveBadge, TwitchLivePlayer } from "./twitch-live";
import { TWITCH_INFO_TEXTS } from "@/lib/twitch-info-texts";
import type { TwitchInfo as TwitchInfoData } from "@/lib/schemas/auth";
import { profileCardClass } from "./profile-section";

/** What to show for a failed Twitch info request (also used by the public profile's section). */
export function twitchInfoErrorText(error: unknown): string {
  if (error instanceof ApiClientError && error.status === 404) return TWITCH_INFO_TEXTS.notFound;
  if (error instanceof ApiClientError && error.status === 503) return TWITCH_INFO_TEXTS.unavailable;
  return TWITCH_INFO_TEXTS.failed;
}

export function TwitchInfo({ twitchUsername, twitchPrivate }: { twitchUsername: string | null; twitchPrivate: boolean }) {
  const visible = Boolean(twitchUsername) && !twitchPrivate;
  const configured = useTwitchConfigured(visible);
  // Keyed by the username so a changed username fetches again.
  const { data, error, isLoading } = useSWR(
    visible && configured ? ["/api/v1/users/me/twitch", twitchUsername] : null,
    ([path]) => apiFetch<TwitchInfoData>(path),
    // A missing channel stays missing; Twitch being down is shown, not hammered.
    { shouldRetryOnError: false },
  );
  if (!visible) return null;

  return (
    <section aria-labelledby="twitch-info-title" className={profileCardClass}>
      <h2 id="twitch-info-title" className="text-lg font-semibold text-white">
        Twitch
      </h2>
      {(isLoading || configured === undefined) && <p className="mt-2 text-slate-300">Loading Twitch info...</p>}
      {configured === false && <p className="mt-2 text-slate-200">{TWITCH_INFO_TEXTS.unavailable}: this server has no Twitch credentials.</p>}
      {error && (
        <p role="alert" className="mt-2 text-slate-200">
          {twitchInfoErrorText(error)}
        </p>
      )}
      {data && (
        <div className="mt-3 space-y-3">
          <div className="flex items-center gap-3">
            {data.profileImageUrl && (
              // Twitch's CDN image as is: next/image would need every Twitch image host whitelisted.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={data.profileImageUrl} alt="" width={48} height={48} className="h-12 w-12 rounded-full" />
            )}
            <div>
              <p className="font-semibold text-white" data-testid="twitch-display-name">
                {data.displayName}
              </p>
              <p className="text-sm text-slate-300">twitch.tv/{data.login}</p>
            </div>
            <TwitchLiveBadge info={data} className="ml-auto" />
          </div>
          <p className="text-xs text-slate-400">Twitch user id: {data.userId}</p>
          <TwitchLivePlayer info={data} />
        </div>
      )}
    </section>
  );
}

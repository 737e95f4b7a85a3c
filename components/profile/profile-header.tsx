"use client";
/**
 * The own profile's header: avatar, display name and e-mail, and the picture source —
 * default (the account picture, or the initial), Twitch or YouTube, each disabled when no such
 * image exists. The choice is this browser's (storage key vp_profile_pic_source).
 */
import { useId, useState } from "react";
import useSWR from "swr";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/api/client";
import { DEFAULT_PROFILE_PIC_SOURCE, STORAGE_KEYS } from "@/lib/constants";
import type { TwitchInfo } from "@/lib/schemas/auth";
import type { OwnUser } from "@/lib/schemas/user";
import { Avatar } from "./avatar";
import { useStoredPreference, writeStored } from "./stored-preference";
import { profileCardClass } from "./profile-section";

const SOURCES = [
  { value: "default", label: "Default" },
  { value: "twitch", label: "Twitch" },
  { value: "youtube", label: "YouTube" },
] as const;
type Source = (typeof SOURCES)[number]["value"];

function asSource(stored: string | null): Source {
  return SOURCES.some((s) => s.value === stored) ? (stored as Source) : DEFAULT_PROFILE_PIC_SOURCE;
}

export function ProfileHeader({ user }: { user: OwnUser }) {
  const stored = useStoredPreference(STORAGE_KEYS.profilePicSource);
  const [chosen, setSource] = useState<Source | null>(null);
  const source = chosen ?? asSource(stored);
  const id = useId();
  const toast = useToast();
  // The same request (and cache entry) as the Twitch box below.
  const twitchVisible = Boolean(user.twitch_username) && !user.twitch_private;
  const { data: twitch } = useSWR(twitchVisible ? ["/api/v1/users/me/twitch", user.twitch_username] : null, ([path]) => apiFetch<TwitchInfo>(path), {
    shouldRetryOnError: false,
  });
  const images: Record<Source, string | null> = {
    default: user.profile_image_url,
    twitch: twitch?.profileImageUrl || (user.provider_id === "twitch" ? user.profile_image_url : null),
    youtube: user.youtube_profile_image_url,
  };
  const shown = source === "default" || images[source] ? images[source] : images.default;

  return (
    <section aria-label="Account" className={`${profileCardClass} flex flex-col gap-5 sm:flex-row sm:items-center`}>
      <Avatar src={shown} name={user.display_name} />
      <div className="min-w-0 flex-1 text-[color:var(--profile-text)]">
        <p className="text-2xl font-semibold [overflow-wrap:anywhere]" data-testid="profile-display-name">
          {user.display_name}
        </p>
        {user.username && <p className="[overflow-wrap:anywhere]">@{user.username}</p>}
        <p className="break-all">{user.email}</p>
      </div>
      <fieldset className="text-sm">
        <legend className="mb-1 font-medium text-slate-200">Profile picture</legend>
        <div className="flex flex-wrap gap-3">
          {SOURCES.map(({ value, label }) => {
            const available = value === "default" || Boolean(images[value]);
            return (
              <label key={value} className={`flex items-center gap-1.5 ${available ? "text-slate-100" : "text-slate-400"}`}>
                <input
                  type="radio"
                  name={`${id}-source`}
                  value={value}
                  checked={source === value}
                  disabled={!available}
                  onChange={() => {
                    setSource(value);
                    writeStored(STORAGE_KEYS.profilePicSource, value);
                    toast.success(`Profile picture: ${label}. Saved on this browser.`);
                  }}
                />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}

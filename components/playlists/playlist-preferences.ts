"use client";
/** The playlist page's switches, remembered per browser (localStorage keys `vp_playlist_*`). */
import { useStoredToggle } from "./use-stored-toggle";

const PREFERENCES = {
  fullscreenTiktok: { key: "vp_playlist_fullscreen_tiktok", label: "Fullscreen TikTok", defaultValue: false },
  autoplayTiktok: { key: "vp_playlist_autoplay_tiktok", label: "Autoplay TikTok", defaultValue: true },
  autoplayYoutube: { key: "vp_playlist_autoplay_youtube", label: "Autoplay YouTube", defaultValue: true },
  acceptYoutube: { key: "vp_playlist_accept_youtube", label: "Accept YouTube", defaultValue: true },
  acceptTiktok: { key: "vp_playlist_accept_tiktok", label: "Accept TikTok", defaultValue: true },
} as const;

export type PreferenceName = keyof typeof PREFERENCES;

export interface Preference {
  label: string;
  value: boolean;
  set: (next: boolean) => void;
}

export function usePreference(name: PreferenceName): Preference {
  const { key, label, defaultValue } = PREFERENCES[name];
  const [value, set] = useStoredToggle(key, defaultValue);
  return { label, value, set };
}

"use client";
/**
 * The playlist page's viewing switches, remembered per browser (localStorage keys `vp_playlist_*`).
 * Which platforms a playlist accepts is the playlist's own setting, kept on the server.
 */
import { useStoredToggle } from "./use-stored-toggle";

const PREFERENCES = {
  fullscreenTiktok: { key: "vp_playlist_fullscreen_tiktok", label: "Fullscreen TikTok", defaultValue: false },
  autoplayTiktok: { key: "vp_playlist_autoplay_tiktok", label: "Autoplay TikTok", defaultValue: true },
  autoplayYoutube: { key: "vp_playlist_autoplay_youtube", label: "Autoplay YouTube", defaultValue: true },
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

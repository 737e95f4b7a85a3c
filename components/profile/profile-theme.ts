/**
 * A profile's colours: accent and text colour, from the account, else browser storage
 * (vp_accent_color / vp_profile_text_color), else the defaults #66fcf1 / #cfd8dc.
 */
import type { CSSProperties } from "react";
import { DEFAULT_ACCENT_COLOR, DEFAULT_PROFILE_TEXT_COLOR, STORAGE_KEYS } from "@/lib/constants";
import { readStored } from "./stored-preference";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface ProfileColors {
  accent: string;
  text: string;
}

function pick(...candidates: (string | null | undefined)[]): string | undefined {
  return candidates.find((c): c is string => typeof c === "string" && HEX.test(c));
}

/** The own profile: the account's saved colours win over this browser's stored ones. */
export function ownProfileColors(account: { accent_color: string | null; text_color: string | null }): ProfileColors {
  return {
    accent: pick(account.accent_color, readStored(STORAGE_KEYS.accentColor)) ?? DEFAULT_ACCENT_COLOR,
    text: pick(account.text_color, readStored(STORAGE_KEYS.profileTextColor)) ?? DEFAULT_PROFILE_TEXT_COLOR,
  };
}

/** Someone else's profile: their saved colours or the defaults (never this browser's). */
export function publicProfileColors(profile: { accent_color: string | null; text_color: string | null }): ProfileColors {
  return { accent: pick(profile.accent_color) ?? DEFAULT_ACCENT_COLOR, text: pick(profile.text_color) ?? DEFAULT_PROFILE_TEXT_COLOR };
}

export function profileThemeStyle({ accent, text }: ProfileColors): CSSProperties {
  return { "--profile-accent": accent, "--profile-text": text } as CSSProperties;
}

/**
 * A profile's colours: accent and text colour, from the account, else browser storage
 * (vp_accent_color / vp_profile_text_color), else the defaults #66fcf1 / #cfd8dc.
 *
 * The page around a profile is dark whatever its owner picks, so a chosen colour is only used as
 * picked where it stays readable: text on an accent fill is dark ink or white (whichever contrasts
 * more), and text or links in the chosen colours are lightened, keeping their hue, until they reach
 * 4.5:1 on the lightest surface they sit on.
 */
import type { CSSProperties } from "react";
import { DEFAULT_ACCENT_COLOR, DEFAULT_PROFILE_TEXT_COLOR, STORAGE_KEYS } from "@/lib/constants";
import { useStoredPreference } from "./stored-preference";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** slate-800: the lightest surface profile text sits on (cards are slate-900, their hover slate-800). */
const SURFACE = "#1e293b";
const INK = "#020617";
const WHITE = "#ffffff";
const MIN_TEXT_CONTRAST = 4.5;

export interface ProfileColors {
  accent: string;
  text: string;
}

function pick(...candidates: (string | null | undefined)[]): string | undefined {
  return candidates.find((c): c is string => typeof c === "string" && HEX.test(c));
}

/** The own profile: the account's saved colours win over this browser's stored ones. */
export function useOwnProfileColors(account: { accent_color: string | null; text_color: string | null }): ProfileColors {
  const storedAccent = useStoredPreference(STORAGE_KEYS.accentColor);
  const storedText = useStoredPreference(STORAGE_KEYS.profileTextColor);
  return {
    accent: pick(account.accent_color, storedAccent) ?? DEFAULT_ACCENT_COLOR,
    text: pick(account.text_color, storedText) ?? DEFAULT_PROFILE_TEXT_COLOR,
  };
}

/** Someone else's profile: their saved colours or the defaults (never this browser's). */
export function publicProfileColors(profile: { accent_color: string | null; text_color: string | null }): ProfileColors {
  return { accent: pick(profile.accent_color) ?? DEFAULT_ACCENT_COLOR, text: pick(profile.text_color) ?? DEFAULT_PROFILE_TEXT_COLOR };
}

function channels(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rgb / #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(hex: string, toward: string, amount: number): string {
  const from = channels(hex);
  const to = channels(toward);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount));
}

/** Text on a fill of `fill`: dark ink or white, whichever contrasts more (one of them always reaches 4.5:1). */
export function textOnFill(fill: string): string {
  return contrastRatio(fill, INK) >= contrastRatio(fill, WHITE) ? INK : WHITE;
}

export function isReadableOnSurface(color: string): boolean {
  return contrastRatio(color, SURFACE) >= MIN_TEXT_CONTRAST;
}

/** `color` if it reads as text on the profile's surfaces, else the same hue mixed with white until it does. */
export function readableOnSurface(color: string): string {
  for (let step = 0; step <= 10; step++) {
    const candidate = mix(color, WHITE, step / 10);
    if (isReadableOnSurface(candidate)) return candidate;
  }
  return WHITE;
}

/**
 * CSS variables for a subtree in the profile's colours: the profile's own (--profile-accent for
 * decoration, --profile-text for its text and headings) and the interface accent every primitive
 * reads (--ui-*, app/globals.css), so buttons, links, switches and focus rings follow the owner's accent.
 */
export function profileThemeStyle({ accent, text }: ProfileColors): CSSProperties {
  const onAccent = textOnFill(accent);
  return {
    "--profile-accent": accent,
    "--profile-text": readableOnSurface(text),
    "--ui-accent": accent,
    // Hover moves the fill away from its text colour, so the hovered button reads at least as well.
    "--ui-accent-hover": mix(accent, onAccent === INK ? WHITE : INK, 0.2),
    "--ui-on-accent": onAccent,
    "--ui-accent-fg": readableOnSurface(accent),
  } as CSSProperties;
}

/**
 * For the element that carries `profileThemeStyle`: every heading inside it (including those of
 * shared blocks such as the page title and the parties table) takes the profile's text colour.
 */
export const profileThemeClass = "[&_:is(h1,h2,h3)]:text-[color:var(--profile-text)]";

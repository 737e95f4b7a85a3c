/** Display rules: a dash for a missing value, "TBA" for an unknown start time (times: format-time.ts). */
export const DASH = "-";
export const TBA = "TBA";

export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  const text = String(value).trim();
  return text === "" ? DASH : text;
}

const CHAT_PROVIDERS: Record<string, string> = { builtin: "ViewParty chat", twitch: "Twitch chat" };

export function chatProviderLabel(provider: string | null | undefined, identifier?: string | null): string {
  if (!provider) return DASH;
  const label = CHAT_PROVIDERS[provider] ?? provider;
  return identifier ? `${label} (${identifier})` : label;
}

export function statusLabel(status: string | null | undefined): string {
  if (!status) return DASH;
  return status[0]!.toUpperCase() + status.slice(1);
}

export const LIVE_NOW = "Live now";

/** A scheduled party's status: "Live now" while its live party runs (its host started it), else Upcoming / Past. */
export function scheduledStatusLabel(party: { status: string | null | undefined; live?: unknown }): string {
  return party.live ? LIVE_NOW : statusLabel(party.status);
}

/** Display rules: a dash for a missing value, "TBA" for an unknown start time. */
export const DASH = "-";
export const TBA = "TBA";

export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  const text = String(value).trim();
  return text === "" ? DASH : text;
}

/**
 * "Mar 14, 2031, 8:00 PM CET" in the visitor's locale and time zone, the zone named so nobody
 * misreads whose evening it is; TBA when missing or unreadable.
 */
export function formatScheduledFor(iso: string | null | undefined): string {
  if (!iso) return TBA;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return TBA;
  scheduledForFormat ??= new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
  return scheduledForFormat.format(date);
}

/**
 * One formatter for every date (what `toLocaleString` with these options builds anew on each call):
 * building it costs a phone milliseconds, paid once per row of a party table or profile card.
 */
let scheduledForFormat: Intl.DateTimeFormat | undefined;

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

"use client";
/**
 * A time on the party lists, in the viewer's zone: a scheduled start ("in 2 h · Fri, 8:00 PM GMT+1",
 * the full date beyond a week) or a moment past ("5 min ago"). The full date is the tooltip, and the
 * machine-readable instant the `dateTime`.
 */
import { TBA } from "./format";
import { formatAbsolute, formatRelative, formatScheduledFor } from "./format-time";
import { useNow } from "./use-now";

export function PartyTime({ iso, kind = "scheduled" }: { iso: string | null | undefined; kind?: "scheduled" | "past" }) {
  const now = useNow();
  const ctx = { now };
  const absolute = formatAbsolute(iso, ctx);
  if (absolute === TBA) return <>{TBA}</>;
  const label = kind === "scheduled" ? formatScheduledFor(iso, ctx) : (formatRelative(iso, now) ?? absolute);
  return (
    <time dateTime={iso ?? undefined} title={absolute}>
      {label}
    </time>
  );
}

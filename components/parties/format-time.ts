/**
 * Times as a person reads them: in the viewer's own time zone (named, so nobody misreads whose
 * evening it is), and relative where that is what matters ("in 2 h", "5 min ago"). "Now", the time
 * zone and the locale are parameters, so every rule is tested without a clock or a machine's zone;
 * the components pass the ticking `useNow()` and leave zone and locale to the browser.
 */
import { TBA } from "./format";

export interface TimeContext {
  /** Milliseconds since the epoch. */
  now: number;
  /** An IANA zone; undefined → the viewer's own. */
  timeZone?: string;
  /** undefined → the viewer's own. */
  locale?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beyond this a relative time says less than the date itself. */
const RELATIVE_LIMIT_MS = 7 * DAY;

function parse(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? null : instant;
}

// Building an Intl.DateTimeFormat costs a phone milliseconds: one per shape, zone and locale.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: "full" | "day", ctx: TimeContext): Intl.DateTimeFormat {
  const key = `${kind}|${ctx.locale ?? ""}|${ctx.timeZone ?? ""}`;
  let found = formats.get(key);
  if (!found) {
    const shape: Intl.DateTimeFormatOptions =
      kind === "full"
        ? { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }
        : { weekday: "short", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
    found = new Intl.DateTimeFormat(ctx.locale, { ...shape, timeZone: ctx.timeZone });
    formats.set(key, found);
  }
  return found;
}

/** "Mar 14, 2031, 8:00 PM GMT+1" in the viewer's zone; TBA when missing or unreadable. */
export function formatAbsolute(iso: string | null | undefined, ctx: TimeContext): string {
  const instant = parse(iso);
  return instant === null ? TBA : format("full", ctx).format(instant);
}

/**
 * "in 15 min", "in 2 h", "in 3 days", "5 min ago", "now" (within a minute); null when missing,
 * unreadable or more than a week away (the date says more then).
 */
export function formatRelative(iso: string | null | undefined, now: number): string | null {
  const instant = parse(iso);
  if (instant === null) return null;
  const delta = instant - now;
  const size = Math.abs(delta);
  if (size > RELATIVE_LIMIT_MS) return null;
  if (size < MINUTE) return "now";
  const amount =
    size < HOUR ? `${Math.round(size / MINUTE)} min` : size < DAY ? `${Math.round(size / HOUR)} h` : `${Math.round(size / DAY)} ${Math.round(size / DAY) === 1 ? "day" : "days"}`;
  return delta > 0 ? `in ${amount}` : `${amount} ago`;
}

/**
 * A scheduled start: "in 2 h · Fri, 8:00 PM GMT+1" within a week either way, else the full date; TBA
 * when missing or unreadable.
 */
export function formatScheduledFor(iso: string | null | undefined, ctx: TimeContext): string {
  const instant = parse(iso);
  if (instant === null) return TBA;
  const relative = formatRelative(iso, ctx.now);
  return relative ? `${relative} · ${format("day", ctx).format(instant)}` : formatAbsolute(iso, ctx);
}

/** "Starts in 15 min", "Started 5 min ago", "Starts now"; null beyond a week or without a time. */
export function formatStarts(iso: string | null | undefined, now: number): string | null {
  const relative = formatRelative(iso, now);
  if (!relative) return null;
  if (relative === "now") return "Starts now";
  return relative.startsWith("in ") ? `Starts ${relative}` : `Started ${relative}`;
}

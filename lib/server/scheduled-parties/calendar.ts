import "server-only";
/**
 * A scheduled party as an iCalendar file (RFC 5545), for "Add to calendar": one VEVENT whose start is
 * the party's instant in UTC (so every calendar shows it in its own time zone), two hours long (a
 * party sets no end), titled and described as the party is, with the party's page as its URL. Text is
 * escaped and lines are folded at 75 octets, with CRLF line ends, as the standard asks.
 */
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";

/** How long a party's calendar entry lasts: it has a start only. */
export const CALENDAR_EVENT_MINUTES = 120;

/** A UTC instant as iCalendar writes it: 20310314T200000Z. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. */
function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** A content line folded at 75 octets (continuations start with a space), never splitting a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function scheduledPartyCalendar(party: ScheduledParty, pageUrl: string, now = new Date()): string {
  const start = new Date(party.date_time);
  const end = new Date(start.getTime() + CALENDAR_EVENT_MINUTES * 60_000);
  const description = [party.description, `Platform: ${party.show_movie}`, `Join on ViewParty: ${pageUrl}`].filter(Boolean).join("\n\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ViewParty//Scheduled parties//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:scheduled-party-${party.id}@viewparty`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(party.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${pageUrl}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

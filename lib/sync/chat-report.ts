/**
 * Reporting a chat message to the host: any member reports someone else's message; the host sees who
 * reported which message, and the reporter's own view hides it as "reported". A report names its
 * reporter, so it reaches only the host's and the reporter's streams (never the room's). The report's
 * shape lives here (protocol.ts carries the command and the event); imports stay relative (the
 * extension bundles lib/sync).
 */
import { z } from "zod";

const id = z.string().min(1).max(64);

/** Reports a replica keeps (the oldest go first): the host's panel and a late host's snapshot stay bounded. */
export const CHAT_REPORTS_MAX = 100;
/** How many messages one member may report per minute (a report interrupts the host). */
export const CHAT_REPORT_RATE_LIMIT = { windowSeconds: 60, max: 5 } as const;
export const REPORT_OWN_MESSAGE = "You cannot report your own message.";
export const REPORT_UNKNOWN_MESSAGE = "That message is no longer in the chat.";
export const REPORT_TOO_FAST = "You're reporting messages too fast. Please wait a moment.";

export const chatReportSchema = z.object({
  messageId: id,
  reporterId: id,
  reporterName: z.string().max(100),
  /** Who wrote the message, and what it said (the host may read it after it left the chat's history). */
  authorId: id,
  authorName: z.string().max(100),
  text: z.string(),
  /** Server time (ms since the epoch). */
  at: z.number().nonnegative(),
});
export type ChatReport = z.infer<typeof chatReportSchema>;

/** The reports after `report` is added (a repeated report is ignored; the oldest go past the bound). */
export function addChatReport(reports: readonly ChatReport[], report: ChatReport): readonly ChatReport[] {
  if (reports.some((r) => r.messageId === report.messageId && r.reporterId === report.reporterId)) return reports;
  return [...reports, report].slice(-CHAT_REPORTS_MAX);
}

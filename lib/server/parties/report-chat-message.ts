import "server-only";
/**
 * A member reports someone else's chat message to the host. The message must still be in the chat the
 * replica keeps; one's own message cannot be reported; a repeated report changes nothing; reports are
 * rate limited per member. The report is logged like chat (every instance folds it) and reaches only
 * the host's streams and the reporter's own.
 */
import { conflict, notFound } from "@/lib/server/http/api-error";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { CHAT_REPORT_RATE_LIMIT, PROTOCOL_VERSION, REPORT_OWN_MESSAGE, REPORT_TOO_FAST, REPORT_UNKNOWN_MESSAGE } from "@/lib/sync";
import type { CommandCaller } from "./command-caller";

export async function reportChatMessage(room: Room, caller: CommandCaller, messageId: string): Promise<{ id: string | null }> {
  const message = room.chat.find((m) => m.id === messageId);
  if (!message) throw notFound(REPORT_UNKNOWN_MESSAGE);
  if (message.userId === caller.id) throw conflict("own_message", REPORT_OWN_MESSAGE);
  if (room.reports.some((r) => r.messageId === messageId && r.reporterId === caller.id)) return { id: null };
  await enforceRateLimit(`chat-report:${room.id}:${caller.id}`, CHAT_REPORT_RATE_LIMIT, REPORT_TOO_FAST);
  const report = {
    messageId,
    reporterId: caller.id,
    reporterName: caller.displayName.slice(0, 100),
    authorId: message.userId,
    authorName: message.displayName,
    text: message.text,
    at: Date.now(),
  };
  return { id: await publish(room, { v: PROTOCOL_VERSION, type: "chat.report", report }) };
}

import "server-only";
/**
 * What the party's moderation state says about a member's chat message: muted members
 * are refused (403), and with slow mode on a member waits N seconds between messages (429 with the
 * wait). Every instance folds the same state and the same chat log, so every instance agrees.
 */
import { forbidden, rateLimited } from "@/lib/server/http/api-error";
import type { Room } from "@/lib/server/realtime/room";
import { MUTED_MESSAGE } from "@/lib/sync";

export function assertMayChat(room: Room, memberId: string, now: number): void {
  if (memberId === room.meta.hostUserId) return;
  if (room.moderation.muted.includes(memberId)) throw forbidden(MUTED_MESSAGE, "muted");
  const seconds = room.moderation.slowModeSeconds;
  const last = room.lastChatAt.get(memberId);
  if (seconds > 0 && last !== undefined) {
    const waitMs = last + seconds * 1000 - now;
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000);
      throw rateLimited(wait, `Slow mode is on: you can send another message in ${wait} s.`, "slow_mode");
    }
  }
}

import "server-only";
/**
 * The host's queue commands: the queue's rules (lib/sync/queue) applied to the replica, the result
 * appended to the party's log as one `queue` event. Starting an item (play now, or the marathon's
 * next) first makes it the party's media, exactly as a host's media change does, then records when
 * it should start playing.
 */
import { randomUUID } from "node:crypto";
import type { ErrorCode } from "@/lib/schemas/error-code";
import { ApiError, partyEnded } from "@/lib/server/http/api-error";
import type { Room } from "@/lib/server/realtime/room";
import { publish, publishAndFold, publishMeta } from "@/lib/server/realtime/publish";
import { applyHostCommand, applyQueueCommand, PROTOCOL_VERSION, startOf, takePendingBreak, type QueueCommand, type QueueErrorCode, type QueueState } from "@/lib/sync";
import { recordMedia } from "./record-media";
import { queueLinkRule } from "./queue-links";

/** A refusal by the queue's rules, under its own code (each queue error code is an API error code). */
export function errorFor(code: QueueErrorCode, message: string): ApiError {
  return new ApiError(code satisfies ErrorCode, message);
}

export async function handleQueueCommand(room: Room, command: QueueCommand, receivedAt: number): Promise<{ id: string; queue: QueueState }> {
  if (room.meta.state === "ENDED") throw partyEnded();
  const result = applyQueueCommand(room.queue, command, {
    mediaId: room.media.id,
    newId: () => randomUUID(),
    accept: queueLinkRule(room.media.url),
  });
  if (!result.ok) throw errorFor(result.code, result.message);
  let queue = result.queue;
  if (result.play) {
    const { url, title } = result.play;
    const next = applyHostCommand({ playback: room.playback, media: room.media }, { v: PROTOCOL_VERSION, type: "media", url, title }, receivedAt);
    // Media first, so a client never sees a playback state for media it does not know.
    await publishMeta(room, { ...room.meta, title: title.slice(0, 200), media: next.media });
    void recordMedia(room, url, title);
    await publish(room, { v: PROTOCOL_VERSION, type: "playback", state: next.playback });
    queue = { ...queue, start: startOf(queue, next.media.id, receivedAt, result.immediate ?? false) };
    // The marathon moving on takes the break the room voted for (the countdown is the queue's start).
    if (command.type === "queue.next") queue = takePendingBreak(queue, next.media.id, receivedAt);
  }
  const id = await publishAndFold(room, { v: PROTOCOL_VERSION, type: "queue", queue });
  return { id, queue };
}

import "server-only";
/**
 * Track requests: any member asks for a track by link (checked by the queue's link rule, rate limited
 * per member); the host accepts one into the queue, where it plays next, or dismisses it. The result
 * is appended to the party's log as one `queue` event, like every queue change.
 */
import { randomUUID } from "node:crypto";
import { forbidden } from "@/lib/server/http/api-error";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import type { Room } from "@/lib/server/realtime/room";
import { publishAndFold } from "@/lib/server/realtime/publish";
import { applyQueueCommand, PROTOCOL_VERSION, type QueueOperation, type QueueState, type RequestCommand } from "@/lib/sync";
import { assertMayChat } from "./chat-moderation";
import type { CommandCaller } from "./command-caller";
import { errorFor } from "./handle-queue-command";
import { queueLinkRule } from "./queue-links";

/** Requests a member may make: enough for a DJ set's worth of wishes, not enough to flood the host's list. */
export const REQUEST_RATE_LIMIT = { windowSeconds: 60, max: 5 } as const;
export const REQUEST_RATE_LIMITED = `You can request up to ${REQUEST_RATE_LIMIT.max} tracks a minute. Please wait a moment before requesting another.`;
export const REQUEST_HOST_ONLY = "Only the host can accept or dismiss requests.";

function operationFor(command: RequestCommand, caller: CommandCaller, receivedAt: number): QueueOperation {
  switch (command.type) {
    case "request.add":
      return {
        type: "request.add",
        link: { url: command.url, ...(command.title ? { title: command.title } : {}) },
        requestedBy: { userId: caller.id, displayName: caller.displayName.slice(0, 100) },
        at: receivedAt,
      };
    case "request.accept":
    case "request.dismiss":
      return { type: command.type, requestId: command.requestId };
  }
}

export async function handleRequestCommand(
  room: Room,
  caller: CommandCaller,
  command: RequestCommand,
  receivedAt: number,
): Promise<{ id: string; queue: QueueState }> {
  if (command.type !== "request.add" && caller.id !== room.meta.hostUserId) throw forbidden(REQUEST_HOST_ONLY, "host_only");
  // A request's title and link reach every member like a chat message: a muted member may not make
  // one, and slow mode spaces requests and messages alike (the same refusals chat gives).
  if (command.type === "request.add") assertMayChat(room, caller.id, Date.now());
  const op = operationFor(command, caller, receivedAt);
  const apply = () => {
    const result = applyQueueCommand(room.queue, op, { mediaId: room.media.id, newId: () => randomUUID(), accept: queueLinkRule(room.media.url) });
    if (!result.ok) throw errorFor(result.code, result.message);
    return result.queue;
  };
  let queue = apply();
  if (command.type === "request.add") {
    // Only requests that would be taken count against the member's budget (a mistyped link does not);
    // the replica may have moved on while the limiter answered, so the rules run again after it.
    await enforceRateLimit(`track-request:${room.id}:${caller.id}`, REQUEST_RATE_LIMIT, REQUEST_RATE_LIMITED);
    queue = apply();
  }
  const id = await publishAndFold(room, { v: PROTOCOL_VERSION, type: "queue", queue });
  return { id, queue };
}

import "server-only";
/**
 * Adds links to a live party's queue (the host only): the entry point for loading a list — a
 * playlist, a prepared programme — into a party. All or nothing: one unacceptable link, or more
 * links than the queue has room for, rejects the whole list with a 4xx and changes nothing.
 */
import { forbidden } from "@/lib/server/http/api-error";
import { getRoom } from "@/lib/server/realtime/rooms";
import { PROTOCOL_VERSION, type QueueLink, type QueueState } from "@/lib/sync";
import { handleQueueCommand } from "./handle-queue-command";

export const QUEUE_HOST_ONLY = "Only the host can change the queue.";

export async function addLinksToQueue(partyId: string, callerId: string, links: QueueLink[]): Promise<QueueState> {
  const room = await getRoom(partyId);
  if (callerId !== room.meta.hostUserId) throw forbidden(QUEUE_HOST_ONLY, "host_only");
  return (await handleQueueCommand(room, { v: PROTOCOL_VERSION, type: "queue.add", items: links }, Date.now())).queue;
}

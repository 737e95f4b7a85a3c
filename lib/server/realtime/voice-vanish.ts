import "server-only";
/**
 * A member in voice whose streams are all gone (the tab crashed, the network dropped) still holds a
 * seat, and every peer keeps trying to reach them. If they come back within VP_VOICE_GONE_MS (a
 * reload, a reconnect to another instance) nothing changes; otherwise they leave voice and their
 * seat goes on to whoever waits.
 */
import { getEnv } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { inAnyVoiceList, leaveVoice } from "@/lib/server/parties/leave-voice";
import { getBus } from "./get-bus";
import type { RoomEntry } from "./room-entry";

/** Called when `memberId`'s last stream on this instance closed. */
export function watchVoiceVanish(entry: RoomEntry, memberId: string): void {
  if (entry.retired || !inAnyVoiceList(entry.room.state.voice, memberId)) return;
  const timer = setTimeout(() => {
    void leaveIfGone(entry, memberId).catch((error: unknown) => log.warn({ err: error }, "[voice] vanished member"));
  }, getEnv().VP_VOICE_GONE_MS);
  timer.unref?.();
}

async function leaveIfGone(entry: RoomEntry, memberId: string): Promise<void> {
  const { room } = entry;
  if (entry.retired || room.ended || room.localMembers.has(memberId) || !inAnyVoiceList(room.state.voice, memberId)) return;
  // Back on another instance? Presence spans them all (each instance publishes within seconds).
  if ((await (await getBus()).presence(room.id)).memberIds.includes(memberId)) return;
  if (entry.retired || room.localMembers.has(memberId)) return;
  await leaveVoice(room, memberId);
}

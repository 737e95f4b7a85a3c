import "server-only";
/**
 * A member in voice whose streams are all gone (the tab crashed, the network dropped) still holds a
 * seat, and every peer keeps trying to reach them. If they come back within VP_VOICE_GONE_MS (a
 * reload, a reconnect to another instance) nothing changes; otherwise they leave voice and their
 * seat goes on to whoever waits. The same holds for someone who takes a place in voice with no open
 * stream at all (a client that sends voice.join and never connects): the seat is not held for nobody.
 */
import { getEnv } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { inAnyVoiceList, leaveVoice } from "@/lib/server/parties/leave-voice";
import { getBus } from "./get-bus";
import type { Room } from "./room";
import type { RoomEntry } from "./room-entry";

/** Called when `memberId`'s last stream on this instance closed. */
export function watchVoiceVanish(entry: RoomEntry, memberId: string): void {
  watch(entry.room, () => entry.retired === true, memberId);
}

/** Called when `memberId` took a place in voice: watched like a vanished member unless a stream of theirs is open here. */
export function watchVoiceSeat(room: Room, memberId: string): void {
  if (room.localMembers.has(memberId)) return;
  watch(room, () => room.ended, memberId);
}

function watch(room: Room, retired: () => boolean, memberId: string): void {
  if (retired() || !inAnyVoiceList(room.state.voice, memberId)) return;
  const timer = setTimeout(() => {
    void leaveIfGone(room, retired, memberId).catch((error: unknown) => log.warn({ err: error }, "[voice] vanished member"));
  }, getEnv().VP_VOICE_GONE_MS);
  timer.unref?.();
}

async function leaveIfGone(room: Room, retired: () => boolean, memberId: string): Promise<void> {
  if (retired() || room.ended || room.localMembers.has(memberId) || !inAnyVoiceList(room.state.voice, memberId)) return;
  // Back on another instance? Presence spans them all (each instance publishes within seconds).
  if ((await (await getBus()).presence(room.id)).memberIds.includes(memberId)) return;
  if (retired() || room.localMembers.has(memberId)) return;
  await leaveVoice(room, memberId);
}

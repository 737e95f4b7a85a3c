import "server-only";
/**
 * Leaving voice, however it happens: the member leaves it, the host takes them out, they are kicked
 * or banned, they leave the party, or their last stream closed and they did not come back (a peer
 * that vanished must not hold a seat). A freed seat goes to the first waiting member in the same
 * `voice` event, so no client ever sees a free seat with someone still waiting.
 */
import { PROTOCOL_VERSION, VOICE_MAX_MEMBERS, voiceWithoutMember, type VoiceMember, type VoiceState } from "@/lib/sync";
import { serverBusy } from "@/lib/server/http/api-error";
import { StaleAppendError } from "@/lib/server/realtime/bus";
import { getBus, readyBus } from "@/lib/server/realtime/get-bus";
import { publishAndFold } from "@/lib/server/realtime/publish";
import type { Room } from "@/lib/server/realtime/room";

/** Whether `memberId` is anywhere in voice: speaking, listening to the host, or waiting for a seat. */
export function inAnyVoiceList(voice: VoiceState, memberId: string): boolean {
  return [voice.members, voice.listeners, voice.waiting].some((list) => list.some((m) => m.memberId === memberId));
}

/**
 * Gives free seats to waiting members, first come first served. They join with their microphone
 * muted: they pressed "wait" some time ago, and going live without a fresh choice would be a
 * surprise; their client unmutes with `voice.update`.
 */
export function fillSeats(voice: VoiceState): VoiceState {
  if (voice.waiting.length === 0 || voice.members.length >= VOICE_MAX_MEMBERS) return voice;
  const free = VOICE_MAX_MEMBERS - voice.members.length;
  const promoted: VoiceMember[] = voice.waiting
    .slice(0, free)
    .map((ref) => ({ ...ref, muted: true, camera: false, hostMuted: voice.hostMuted.includes(ref.memberId) }));
  return { ...voice, members: [...voice.members, ...promoted], waiting: voice.waiting.slice(free) };
}

/** The state after `memberId` left voice (every list), with a freed seat given on; the same object when they were not in it. */
export function voiceAfterLeaving(voice: VoiceState, memberId: string): VoiceState {
  const without = voiceWithoutMember(voice, memberId);
  return without === voice ? voice : fillSeats(without);
}

const turns = new WeakMap<Room, Promise<unknown>>();

/**
 * Runs one change of a party's voice state after the previous one on this instance has been folded.
 * Each change publishes the whole state computed from the replica: two members pressing Join voice at
 * the same moment would otherwise both compute from the state without the other, and the later
 * event would drop the earlier join (each was told it had a seat). In turn, the second reads the
 * first's event. Across instances, `caughtUp` narrows the same window to one Redis round trip.
 */
export function voiceTurn<T>(room: Room, change: () => Promise<T>): Promise<T> {
  const attempt = () => withFreshVoice(room, change);
  const previous = turns.get(room) ?? Promise.resolve();
  const run = previous.then(attempt, attempt);
  turns.set(room, run.catch(() => {}));
  return run;
}

/** How many times a voice change is computed again when other instances keep changing voice first. */
export const VOICE_CHANGE_TRIES = 5;
const VOICE_BUSY = "Voice is changing for many people at once. Please try again in a moment.";

/**
 * Runs `change` (which computes from this replica's voice state and publishes with publishVoice)
 * until its publish is not refused as stale: another instance changed voice after what this replica
 * had folded (turns are per instance), so the change is computed again from the caught-up state.
 */
async function withFreshVoice<T>(room: Room, change: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof StaleAppendError)) throw error;
      if (tries >= VOICE_CHANGE_TRIES) throw serverBusy(1, VOICE_BUSY);
      await caughtUp(room);
    }
  }
}

/**
 * Publishes a changed voice state and waits until this replica has it, so the next command served here
 * sees it. Computed from this replica's state, it is appended only if no voice change was appended
 * after the newest event the replica had folded (StaleAppendError: voiceTurn computes it again).
 */
export async function publishVoice(room: Room, voice: VoiceState): Promise<{ id: string }> {
  return { id: await publishAndFold(room, { v: PROTOCOL_VERSION, type: "voice", voice }, { name: "voice", seen: room.lastEventId }) };
}

/**
 * Each change publishes the whole state computed from this replica. With several instances the
 * replica may not have folded a change just made on another one (a member joining voice there a
 * moment ago), and the new state would drop it: so it first folds the log up to its newest event
 * (one Redis round trip; nothing to wait for in process). Signals read the state too: a member who
 * just joined on another instance must be reachable.
 */
export async function caughtUp(room: Room): Promise<void> {
  const latest = await (readyBus() ?? (await getBus())).latestId(room.id);
  if (latest !== null) await room.folded(latest, 5000);
}

/** Takes `memberId` out of voice; `{ id: null }` when they were not in it. */
export function leaveVoice(room: Room, memberId: string): Promise<{ id: string | null }> {
  return voiceTurn(room, async () => {
    await caughtUp(room);
    const voice = room.state.voice;
    const next = voiceAfterLeaving(voice, memberId);
    if (next === voice) return { id: null };
    return publishVoice(room, next);
  });
}

/**
 * After a kick or ban (`removedEventId`, the `member.removed` event): every replica already dropped
 * the member from voice when it folded that event, so what is left is giving their seat on and telling
 * everyone the whole state, as every other change does.
 */
export async function afterRemovalFromVoice(room: Room, memberId: string, removedEventId: string): Promise<void> {
  await room.folded(removedEventId, 5000);
  await voiceTurn(room, () => publishVoice(room, fillSeats(voiceWithoutMember(room.state.voice, memberId))));
}

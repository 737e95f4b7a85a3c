import "server-only";
/**
 * Voice commands (lib/sync/voice-state.ts): joining voice (a seat, listening to the host, or waiting),
 * leaving it, one's own microphone and camera, the host muting someone in voice or taking them out,
 * and the signalling between members in voice. Each change to who is in voice is one `voice` event
 * carrying the whole state (it is bounded), folded by every replica like `moderation`. Signals are
 * relayed, not logged: they go through the bus's signal channel to the `to` member's streams only.
 *
 * Muted in chat and muted in voice are separate lists: a host who wants both sends both.
 */
import { ApiError, conflict, unprocessable } from "@/lib/server/http/api-error";
import { enforceRateLimit, type Limit } from "@/lib/server/rate-limit";
import { getBus, readyBus } from "@/lib/server/realtime/get-bus";
import { watchVoiceSeat } from "@/lib/server/realtime/voice-vanish";
import type { Room } from "@/lib/server/realtime/room";
import {
  inVoice,
  PROTOCOL_VERSION,
  VOICE_CANDIDATE_MAX,
  VOICE_CANDIDATES_PER_SIGNAL,
  VOICE_HOST_MUTED_MAX,
  VOICE_MAX_LISTENERS,
  VOICE_MAX_MEMBERS,
  VOICE_MAX_WAITING,
  VOICE_SDP_MAX,
  type ClientCommandOf,
  type VoiceCommand,
  type VoiceState,
} from "@/lib/sync";
import type { CommandCaller } from "./command-caller";
import { caughtUp, fillSeats, inAnyVoiceList, publishVoice, voiceAfterLeaving, voiceTurn } from "./leave-voice";

export const VOICE_HOST_ONLY = "Only the host can mute or remove someone in voice.";

/**
 * Signals one member may send in a party. Candidates are batched (one signal per ~50 ms of gathering),
 * so joining a full mesh of 8 costs about 30 signals per member, and an ICE restart as many again:
 * 120 per 10 s leaves room for both and stops a flood long before it costs the bus anything.
 */
export const VOICE_SIGNAL_RATE_LIMIT: Limit = { windowSeconds: 10, max: 120 };

/**
 * Changes to who is in voice and how (join, leave, one's microphone and camera, the host's mute and
 * removal) per member: each is a logged event carrying the whole state, so a client toggling in a
 * loop would fill the replay buffer. Push-to-talk toggles the microphone a few times a minute.
 */
export const VOICE_STATE_RATE_LIMIT: Limit = { windowSeconds: 10, max: 30 };

const FULL = `Voice is full (${VOICE_MAX_MEMBERS} of ${VOICE_MAX_MEMBERS}). You can listen to the host or wait for a seat.`;
const LISTENERS_FULL = `Listening to the host is full (${VOICE_MAX_LISTENERS} of ${VOICE_MAX_LISTENERS}). You can wait for a seat.`;
const WAITING_FULL = `The waiting list for voice is full (${VOICE_MAX_WAITING}). Please try again later.`;
const NOT_SPEAKING = "Join voice before changing your microphone or camera.";
const NOT_IN_VOICE = "Join voice before sending signalling messages.";
const PEER_ABSENT = "They are not in voice.";
const LISTENER_HOST_ONLY = "A listener connects to the host only.";

type Answer = { id: string | null } | { delivered: true };

export async function handleVoiceCommand(room: Room, caller: CommandCaller, command: VoiceCommand): Promise<Answer> {
  // A signal changes nothing: it is relayed at once. Every change waits its turn (voiceTurn).
  if (command.type === "voice.signal") {
    await caughtUp(room);
    return relaySignal(room, caller, command);
  }
  await enforceRateLimit(`voice-state:${room.id}:${caller.id}`, VOICE_STATE_RATE_LIMIT, "You're changing your voice settings too fast. Please wait a moment.");
  return voiceTurn(room, () => changeVoice(room, caller, command));
}

async function changeVoice(room: Room, caller: CommandCaller, command: Exclude<VoiceCommand, { type: "voice.signal" }>): Promise<Answer> {
  await caughtUp(room);
  const voice = room.state.voice;
  switch (command.type) {
    case "voice.join": {
      const answer = await join(room, caller, command);
      watchVoiceSeat(room, caller.id);
      return answer;
    }
    case "voice.leave": {
      const next = voiceAfterLeaving(voice, caller.id);
      return next === voice ? { id: null } : publishVoice(room, next);
    }
    case "voice.update": {
      const me = voice.members.find((m) => m.memberId === caller.id);
      if (!me) throw conflict("not_in_voice", NOT_SPEAKING);
      const muted = command.muted ?? me.muted;
      const camera = command.camera ?? me.camera;
      if (muted === me.muted && camera === me.camera) return { id: null };
      return publishVoice(room, { ...voice, members: voice.members.map((m) => (m === me ? { ...m, muted, camera } : m)) });
    }
    case "voice.mute":
      return hostMute(room, caller, command);
    case "voice.remove": {
      if (command.memberId === caller.id) throw conflict("self_moderation", "You cannot remove yourself from voice: leave it instead.");
      const next = voiceAfterLeaving(voice, command.memberId);
      if (next === voice) throw conflict("voice_peer_absent", PEER_ABSENT);
      return publishVoice(room, next);
    }
  }
}

/** Joining again while in voice changes the mode or one's microphone and camera; nothing else moves. */
async function join(room: Room, caller: CommandCaller, command: ClientCommandOf<"voice.join">): Promise<Answer> {
  const voice = room.state.voice;
  const ref = { memberId: caller.id, displayName: caller.displayName.slice(0, 100) };
  const hostMuted = voice.hostMuted.includes(caller.id);
  // Listeners receive the host: a host listening would listen to nobody.
  if (command.mode === "listen" && caller.id === room.meta.hostUserId) throw unprocessable("mode: the host speaks in voice; listening is to the host.");
  const seat = voice.members.find((m) => m.memberId === caller.id);
  if (seat && command.mode !== "listen") {
    // Already speaking: "wait" has nothing to wait for, "speak" updates the microphone and camera.
    if (seat.muted === command.muted && seat.camera === command.camera) return { id: null };
    return publishVoice(room, { ...voice, members: voice.members.map((m) => (m === seat ? { ...m, muted: command.muted, camera: command.camera } : m)) });
  }
  const where = voice.listeners.some((m) => m.memberId === caller.id) ? "listen" : voice.waiting.some((m) => m.memberId === caller.id) ? "wait" : null;
  if (where === command.mode) return { id: null };
  // Out of wherever the caller was (a seat they give up goes on), then into the list they asked for.
  const rest = voiceAfterLeaving(voice, caller.id);
  let next: VoiceState;
  // Waiting with a seat free takes it now: a seat is what waiting is for.
  if (command.mode === "speak" || (command.mode === "wait" && rest.members.length < VOICE_MAX_MEMBERS && rest.waiting.length === 0)) {
    if (rest.members.length >= VOICE_MAX_MEMBERS) throw conflict("voice_full", FULL);
    next = { ...rest, members: [...rest.members, { ...ref, muted: command.muted, camera: command.camera, hostMuted }] };
  } else if (command.mode === "listen") {
    if (rest.listeners.length >= VOICE_MAX_LISTENERS) throw conflict("voice_full", LISTENERS_FULL);
    next = { ...rest, listeners: [...rest.listeners, ref] };
  } else {
    if (rest.waiting.length >= VOICE_MAX_WAITING) throw conflict("voice_full", WAITING_FULL);
    next = fillSeats({ ...rest, waiting: [...rest.waiting, ref] });
  }
  return publishVoice(room, next);
}

/** The host's voice mute: remembered by member (it outlasts their leaving voice), shown on their seat. */
async function hostMute(room: Room, caller: CommandCaller, command: ClientCommandOf<"voice.mute">): Promise<Answer> {
  const voice = room.state.voice;
  if (command.memberId === caller.id) throw conflict("self_moderation", "You cannot mute yourself in voice: use your own microphone's mute.");
  const listed = voice.hostMuted.includes(command.memberId);
  if (listed === command.muted) return { id: null };
  if (command.muted) {
    // Unmuting someone who left voice is allowed (the mute outlasts them); muting asks that they are in it.
    if (!inAnyVoiceList(voice, command.memberId)) throw conflict("voice_peer_absent", PEER_ABSENT);
    if (voice.hostMuted.length >= VOICE_HOST_MUTED_MAX) throw conflict("mute_limit", `At most ${VOICE_HOST_MUTED_MAX} members can be muted in voice at once.`);
  }
  const hostMuted = command.muted ? [...voice.hostMuted, command.memberId] : voice.hostMuted.filter((id) => id !== command.memberId);
  const members = voice.members.map((m) => (m.memberId === command.memberId ? { ...m, hostMuted: command.muted } : m));
  return publishVoice(room, { ...voice, members, hostMuted });
}

/**
 * Relays one signal to its `to` member. Both must be in voice; a listener exchanges signals with the
 * host alone (they receive the host only). Every attempt counts against the sender's budget, so a
 * flood of refused signals is stopped too.
 */
async function relaySignal(room: Room, caller: CommandCaller, command: ClientCommandOf<"voice.signal">): Promise<Answer> {
  if (command.to === caller.id) throw unprocessable("to: a signal goes to another member.");
  await enforceRateLimit(`voice-signal:${room.id}:${caller.id}`, VOICE_SIGNAL_RATE_LIMIT, "You're sending voice signalling messages too fast. Please wait a moment.");
  const voice = room.state.voice;
  if (!inVoice(voice, caller.id)) throw conflict("not_in_voice", NOT_IN_VOICE);
  if (!inVoice(voice, command.to)) throw conflict("voice_peer_absent", PEER_ABSENT);
  const host = room.meta.hostUserId;
  const isListener = (id: string) => voice.listeners.some((m) => m.memberId === id);
  if ((isListener(caller.id) && command.to !== host) || (isListener(command.to) && caller.id !== host)) {
    throw conflict("voice_peer_absent", LISTENER_HOST_ONLY);
  }
  await (readyBus() ?? (await getBus())).publishSignal(room.id, { v: PROTOCOL_VERSION, type: "voice.signal", from: caller.id, to: command.to, signal: command.signal });
  return { delivered: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const tooLarge = (detail: string) => new ApiError("payload_too_large", detail);

/**
 * An offer larger than any real one, or more or longer candidates than a browser gathers, is 413
 * before any parsing: the schema would call it malformed (422), and the sender should be told it is
 * the size. Anything else malformed is left to the schema.
 */
export function assertVoiceSignalFits(input: unknown): void {
  if (!isRecord(input) || input.type !== "voice.signal" || !isRecord(input.signal)) return;
  const { description, candidates } = input.signal;
  if (isRecord(description) && typeof description.sdp === "string" && description.sdp.length > VOICE_SDP_MAX) {
    throw tooLarge(`A session description may be at most ${VOICE_SDP_MAX} characters.`);
  }
  if (!Array.isArray(candidates)) return;
  if (candidates.length > VOICE_CANDIDATES_PER_SIGNAL) throw tooLarge(`At most ${VOICE_CANDIDATES_PER_SIGNAL} ICE candidates go in one signal.`);
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.candidate === "string" && candidate.candidate.length > VOICE_CANDIDATE_MAX) {
      throw tooLarge(`An ICE candidate may be at most ${VOICE_CANDIDATE_MAX} characters.`);
    }
  }
}

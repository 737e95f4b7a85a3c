/**
 * Voice and camera in a party (issue 33): who is in voice, and the signalling that sets up the peer
 * connections between them. Media goes peer to peer (WebRTC, a full mesh); the server only relays
 * signalling (offers, answers, ICE candidates) between members who are in voice, over the party's
 * own realtime channel (`voice.*` commands up, `voice` / `voice.signal` events down).
 *
 * Apart from protocol.ts so it can carry these (the `voice` event, the snapshot's field, the
 * commands) without an import cycle. Imports inside lib/sync stay relative (see protocol.ts).
 *
 * The bound. In a mesh each speaker sends its audio (and camera) once per other speaker: with 8
 * speakers that is 7 outgoing Opus streams (~7 × 40 kbit/s) and, with cameras at 360p, ~7 × 500 kbit/s
 * = 3.5 Mbit/s up, about what a home uplink carries next to the film; the browser's CPU for 7
 * decoders and encoders is the other limit (bench/voice-mesh.mjs prints both). Beyond the bound a
 * member can listen to the host only (one receive-only connection from the host, up to
 * VOICE_MAX_LISTENERS of them: the host's uplink pays for each) or wait for a seat (the first waiting
 * member takes the next free one). An SFU can replace the mesh later without changing these
 * messages: it would be one more "member" every speaker connects to (README, architecture).
 */
import { z } from "zod";

const memberId = z.string().min(1).max(64);
const displayName = z.string().max(100);

/** Speakers in one party's voice at once (the mesh's bound: see above). */
export const VOICE_MAX_MEMBERS = 8;
/** Members listening to the host only, beyond the bound. */
export const VOICE_MAX_LISTENERS = 8;
/** Members waiting for a seat (bounded like the roster). */
export const VOICE_MAX_WAITING = 50;
/** Members the host muted in voice, remembered across leaving and rejoining (bounded like chat mutes). */
export const VOICE_HOST_MUTED_MAX = 500;

/**
 * Longest session description accepted, in characters. Chrome's and Firefox's offers for audio and
 * one video track are 3–8 KB; 16 KB leaves room for more codecs and candidates gathered in. A longer
 * one is refused with 413 (payload_too_large), before any parsing.
 */
export const VOICE_SDP_MAX = 16 * 1024;
/** Longest ICE candidate line (real ones are under 300 characters). */
export const VOICE_CANDIDATE_MAX = 1024;
/** Candidates a client batches into one `voice.signal` (it sends what it gathered every ~50 ms). */
export const VOICE_CANDIDATES_PER_SIGNAL = 32;

export const voiceMemberSchema = z.object({
  memberId,
  displayName,
  /** The member muted their own microphone. */
  muted: z.boolean(),
  /** The member's camera is on. */
  camera: z.boolean(),
  /** The host muted this member in voice: every other member's client plays nothing of theirs. */
  hostMuted: z.boolean(),
});
export type VoiceMember = z.infer<typeof voiceMemberSchema>;

export const voiceRefSchema = z.object({ memberId, displayName });
export type VoiceRef = z.infer<typeof voiceRefSchema>;

/** A party's voice state: replicated through the log like moderation, whole in every `voice` event. */
export const voiceStateSchema = z.object({
  /** Speakers, in the order they joined (a full mesh between them). */
  members: z.array(voiceMemberSchema).max(VOICE_MAX_MEMBERS),
  /** Beyond the bound: members who receive the host's audio (and camera) only and send nothing. */
  listeners: z.array(voiceRefSchema).max(VOICE_MAX_LISTENERS),
  /** Beyond the bound: members waiting for a seat, first come first served. */
  waiting: z.array(voiceRefSchema).max(VOICE_MAX_WAITING),
  /** Members the host muted in voice (kept when they leave voice, until the host unmutes them). */
  hostMuted: z.array(memberId).max(VOICE_HOST_MUTED_MAX),
});
export type VoiceState = z.infer<typeof voiceStateSchema>;

export function emptyVoice(): VoiceState {
  return { members: [], listeners: [], waiting: [], hostMuted: [] };
}

/** A session description, as RTCSessionDescriptionInit. */
export const voiceDescriptionSchema = z.object({
  type: z.enum(["offer", "answer", "pranswer", "rollback"]),
  sdp: z.string().max(VOICE_SDP_MAX),
});

/** An ICE candidate, as RTCIceCandidateInit. */
export const voiceCandidateSchema = z.object({
  candidate: z.string().max(VOICE_CANDIDATE_MAX),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/**
 * One signalling message between two members in voice: a session description, or ICE candidates
 * gathered since the last one (batched).
 */
export const voiceSignalSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("description"), description: voiceDescriptionSchema }),
  z.object({ kind: z.literal("candidates"), candidates: z.array(voiceCandidateSchema).min(1).max(VOICE_CANDIDATES_PER_SIGNAL) }),
]);
export type VoiceSignal = z.infer<typeof voiceSignalSchema>;

/** How a member joins voice: speak (a seat, refused with 409 voice_full when none is free), listen to the host only, or wait for a seat. */
export const VOICE_JOIN_MODES = ["speak", "listen", "wait"] as const;
export type VoiceJoinMode = (typeof VOICE_JOIN_MODES)[number];

/** The state after `memberId` left the party (kicked, banned or gone): out of every voice list. */
export function voiceWithoutMember(voice: VoiceState, memberId: string): VoiceState {
  const members = voice.members.filter((m) => m.memberId !== memberId);
  const listeners = voice.listeners.filter((m) => m.memberId !== memberId);
  const waiting = voice.waiting.filter((m) => m.memberId !== memberId);
  if (members.length === voice.members.length && listeners.length === voice.listeners.length && waiting.length === voice.waiting.length) return voice;
  return { ...voice, members, listeners, waiting };
}

/** Whether `memberId` holds a seat (speaks) or listens: the members a signal may be sent to or from. */
export function inVoice(voice: VoiceState, memberId: string): boolean {
  return voice.members.some((m) => m.memberId === memberId) || voice.listeners.some((m) => m.memberId === memberId);
}

/**
 * Who holds a seat in voice as members come and go (lib/server/parties/leave-voice.ts), and which
 * signals are too large before any parsing (413, not the schema's 422).
 */
import { assertVoiceSignalFits } from "@/lib/server/parties/handle-voice-command";
import { fillSeats, inAnyVoiceList, voiceAfterLeaving } from "@/lib/server/parties/leave-voice";
import { emptyVoice, VOICE_CANDIDATE_MAX, VOICE_CANDIDATES_PER_SIGNAL, VOICE_MAX_MEMBERS, VOICE_SDP_MAX, type VoiceState } from "@/lib/sync";

const speaker = (id: string) => ({ memberId: id, displayName: id, muted: false, camera: false, hostMuted: false });
const ref = (id: string) => ({ memberId: id, displayName: id });

function fullVoice(): VoiceState {
  return {
    ...emptyVoice(),
    members: Array.from({ length: VOICE_MAX_MEMBERS }, (_, i) => speaker(`s${i}`)),
    listeners: [ref("l1")],
    waiting: [ref("w1"), ref("w2")],
    hostMuted: ["w1"],
  };
}

test("a speaker leaving gives the seat to the first waiting member, muted, with the host's mute kept", () => {
  const next = voiceAfterLeaving(fullVoice(), "s3");
  expect(next.members.map((m) => m.memberId)).toEqual(["s0", "s1", "s2", "s4", "s5", "s6", "s7", "w1"]);
  expect(next.members.at(-1)).toEqual({ memberId: "w1", displayName: "w1", muted: true, camera: false, hostMuted: true });
  expect(next.waiting).toEqual([ref("w2")]);
  expect(next.hostMuted).toEqual(["w1"]);
});

test("a listener or a waiting member leaving frees no seat; someone not in voice changes nothing (same object)", () => {
  const voice = fullVoice();
  expect(voiceAfterLeaving(voice, "l1").members).toHaveLength(VOICE_MAX_MEMBERS);
  expect(voiceAfterLeaving(voice, "l1").listeners).toEqual([]);
  expect(voiceAfterLeaving(voice, "w2").waiting).toEqual([ref("w1")]);
  expect(voiceAfterLeaving(voice, "nobody")).toBe(voice);
  expect(fillSeats(voice)).toBe(voice);
  expect(inAnyVoiceList(voice, "w2")).toBe(true);
  expect(inAnyVoiceList(voice, "nobody")).toBe(false);
});

test("an oversize description, too many or too long candidates are 413 before parsing; the rest is left to the schema", () => {
  const signal = (s: unknown) => ({ v: 1, type: "voice.signal", to: "x", signal: s });
  const code = (input: unknown) => {
    try {
      assertVoiceSignalFits(input);
      return null;
    } catch (error) {
      return (error as { status: number; code: string }).status + " " + (error as { code: string }).code;
    }
  };
  expect(code(signal({ kind: "description", description: { type: "offer", sdp: "v".repeat(VOICE_SDP_MAX + 1) } }))).toBe("413 payload_too_large");
  expect(code(signal({ kind: "description", description: { type: "offer", sdp: "v".repeat(VOICE_SDP_MAX) } }))).toBeNull();
  const candidate = { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host", sdpMid: "0" };
  expect(code(signal({ kind: "candidates", candidates: Array(VOICE_CANDIDATES_PER_SIGNAL + 1).fill(candidate) }))).toBe("413 payload_too_large");
  expect(code(signal({ kind: "candidates", candidates: [{ candidate: "c".repeat(VOICE_CANDIDATE_MAX + 1) }] }))).toBe("413 payload_too_large");
  expect(code(signal({ kind: "candidates", candidates: [candidate] }))).toBeNull();
  // Malformed, not large: the schema's 422 names it.
  expect(code(signal({ kind: "description", description: { type: "offer", sdp: 42 } }))).toBeNull();
  expect(code({ type: "voice.signal", signal: "nonsense" })).toBeNull();
  expect(code({ type: "chat", text: "v".repeat(VOICE_SDP_MAX + 1) })).toBeNull();
});

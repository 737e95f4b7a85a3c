/**
 * The one fold of a live party's events (lib/sync/live-party-state.ts) that the server's replica and
 * every member's session run: each event type, the bounds (chat history, drawing, reports, buffering),
 * repeated ids ignored, a snapshot's state, and fields an event does not touch keep their identity.
 */
import {
  CHAT_HISTORY,
  CHAT_REPORTS_MAX,
  DRAWING_MAX_STROKES,
  emptyModeration,
  emptyQueue,
  emptyVoice,
  foldPartyEvent,
  initialPartyState,
  initialPlaybackState,
  PROTOCOL_VERSION,
  RECORDING_LIMITED_NOTICE,
  recordingNotice,
  recordingStopMessage,
  ROSTER_MAX,
  stateFromSnapshot,
  type ChatMessage,
  type ChatReport,
  type LivePartyState,
  type PartyEvent,
  type Poll,
  type RosterMember,
  type SnapshotEvent,
  type Stroke,
} from "@/lib/sync";
import { partyMeta } from "./helpers/party-meta";

const v = PROTOCOL_VERSION;

const meta = partyMeta();

const initial = () => initialPartyState(meta, initialPlaybackState("m0", 1000));
const fold = (state: LivePartyState, ...events: PartyEvent[]) => events.reduce(foldPartyEvent, state);
const message = (id: string, userId = "g1"): ChatMessage => ({ id, userId, displayName: userId, text: `text ${id}`, at: 5 });
const stroke = (id: string, points = 2): Stroke => ({ id, points: Array.from({ length: points }, () => [0.5, 0.5] as [number, number]), color: "#ff0000", width: 0.01 });
const member = (userId: string, role: "host" | "guest" = "guest"): RosterMember => ({ userId, displayName: userId, role, guest: false });
const report = (messageId: string, reporterId: string): ChatReport => ({ messageId, reporterId, reporterName: reporterId, authorId: "g9", authorName: "g9", text: "rude", at: 7 });
const poll = (id: string, tallies: number[]): Poll => ({
  id,
  kind: "next",
  visibility: "anonymous",
  guestVotes: "accounts_only",
  options: [
    { label: "A", url: null, itemId: null, breakSeconds: null },
    { label: "B", url: null, itemId: null, breakSeconds: null },
  ],
  openedAt: 0,
  endsAt: null,
  status: "open",
  tallies,
  winner: null,
  tied: [],
});
const buffering = (memberId: string, on: boolean): PartyEvent => ({ v, type: "member.buffering", memberId, displayName: memberId.toUpperCase(), on });

test("a new party holds nothing but its meta and playback", () => {
  const state = initial();
  expect(state).toEqual({
    party: meta,
    playback: initialPlaybackState("m0", 1000),
    members: 0,
    hostOnline: false,
    roster: [],
    chat: [],
    strokes: [],
    queue: emptyQueue(),
    poll: null,
    moderation: emptyModeration(),
    reports: [],
    recording: null,
    buffering: [],
    ads: [],
    voice: emptyVoice(),
  });
});

test("playback, party, queue, poll, moderation and recording events replace their part", () => {
  const playback = { mediaId: "m0", paused: false, position: 12, rate: 1, at: 2000, seq: 1 };
  const party = { ...meta, hostUserId: "g1", hostDisplayName: "Gail" };
  const queue = { ...emptyQueue(), items: [{ id: "q1", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Next" }] };
  const moderation = { muted: ["g2"], slowModeSeconds: 10, locked: true, twitchVotes: false, waitForEveryone: true, pauseForAds: false };
  const recording = { id: "rec1", startedAt: 3000, includeChat: true };
  const state = fold(
    initial(),
    { v, type: "playback", state: playback },
    { v, type: "party", party },
    { v, type: "queue", queue },
    { v, type: "poll", poll: poll("poll1", [0, 0]) },
    { v, type: "poll", poll: poll("poll1", [1, 0]) },
    { v, type: "moderation", moderation },
    { v, type: "recording", recording },
  );
  expect(state).toMatchObject({ playback, party, queue, poll: poll("poll1", [1, 0]), moderation, recording });
  expect(foldPartyEvent(state, { v, type: "recording", recording: null }).recording).toBeNull();
});

test("a recording that stops by itself leaves why in the state until the next recording event; a limited one says so", () => {
  const recording = { id: "rec1", startedAt: 3000, includeChat: true };
  const running = foldPartyEvent(initial(), { v, type: "recording", recording });
  const limited = foldPartyEvent(running, { v, type: "recording", recording: { ...recording, limitedUntil: 63_000 } });
  expect(recordingNotice(limited.recording!)).toBe(RECORDING_LIMITED_NOTICE);
  expect(recordingNotice(recording)).toBe("This party is being recorded, chat included.");
  const stopped = foldPartyEvent(limited, { v, type: "recording", recording: null, stopped: { id: "rec1", reason: "size" } });
  expect(stopped).toMatchObject({ recording: null, recordingStopped: { id: "rec1", reason: "size" } });
  expect(recordingStopMessage(stopped.recordingStopped!.reason)).toBe("The recording stopped: it reached its size limit. Everything until then is saved.");
  expect(foldPartyEvent(stopped, { v, type: "recording", recording: { ...recording, id: "rec2" } }).recordingStopped).toBeNull();
});

test("a queue event from an older server (no music mode, no requests) folds into a complete queue", () => {
  const old = { items: [], settings: { autoplayYoutube: true, autoplayTiktok: false, intermissionSeconds: 5 }, start: null };
  const state = foldPartyEvent(initial(), { v, type: "queue", queue: old } as unknown as PartyEvent);
  expect(state.queue).toEqual({ ...old, settings: { ...old.settings, musicMode: false }, requests: [] });
});

test("chat keeps the latest CHAT_HISTORY messages and ignores a message it already holds", () => {
  let state = initial();
  for (let i = 0; i < CHAT_HISTORY + 7; i++) state = foldPartyEvent(state, { v, type: "chat", message: message(`c${i}`) });
  expect(state.chat).toHaveLength(CHAT_HISTORY);
  expect(state.chat[0]!.id).toBe("c7");
  expect(state.chat.at(-1)!.id).toBe(`c${CHAT_HISTORY + 6}`);
  // The same message again (a replayed event) changes nothing, not even the state's identity.
  expect(foldPartyEvent(state, { v, type: "chat", message: message(`c${CHAT_HISTORY + 6}`) })).toBe(state);
});

test("the drawing ignores a stroke already on screen, is bounded, and a clear empties it", () => {
  let state = foldPartyEvent(initial(), { v, type: "draw.stroke", stroke: stroke("s1") });
  expect(foldPartyEvent(state, { v, type: "draw.stroke", stroke: stroke("s1") })).toBe(state);
  for (let i = 0; i < DRAWING_MAX_STROKES + 3; i++) state = foldPartyEvent(state, { v, type: "draw.stroke", stroke: stroke(`t${i}`, 1) });
  expect(state.strokes).toHaveLength(DRAWING_MAX_STROKES);
  expect(state.strokes[0]!.id).toBe("t3");
  state = foldPartyEvent(state, { v, type: "draw.clear" });
  expect(state.strokes).toEqual([]);
  // Once cleared, the same id is a new stroke.
  expect(foldPartyEvent(state, { v, type: "draw.stroke", stroke: stroke("s1") }).strokes.map((s) => s.id)).toEqual(["s1"]);
});

test("chat reports: a repeated report is ignored, the oldest go past CHAT_REPORTS_MAX", () => {
  let state = foldPartyEvent(initial(), { v, type: "chat.report", report: report("c1", "g1") });
  expect(foldPartyEvent(state, { v, type: "chat.report", report: report("c1", "g1") })).toBe(state);
  state = foldPartyEvent(state, { v, type: "chat.report", report: report("c1", "g2") });
  expect(state.reports.map((r) => r.reporterId)).toEqual(["g1", "g2"]);
  for (let i = 0; i < CHAT_REPORTS_MAX; i++) state = foldPartyEvent(state, { v, type: "chat.report", report: report(`m${i}`, "g3") });
  expect(state.reports).toHaveLength(CHAT_REPORTS_MAX);
  expect(state.reports[0]!.messageId).toBe("m0");
});

test("presence sets the counts, and the roster only when it carries one", () => {
  const roster = [member("host", "host"), member("g1")];
  let state = foldPartyEvent(initial(), { v, type: "presence", members: 2, hostOnline: true, roster });
  expect(state).toMatchObject({ members: 2, hostOnline: true, roster });
  state = foldPartyEvent(state, { v, type: "presence", members: 3, hostOnline: false });
  expect(state).toMatchObject({ members: 3, hostOnline: false, roster });
});

test("buffering members: in the order they started, gone when they stop, leave or are removed", () => {
  let state = fold(initial(), buffering("g1", true), buffering("g2", true), buffering("g3", true));
  expect(state.buffering).toEqual([
    { memberId: "g1", displayName: "G1" },
    { memberId: "g2", displayName: "G2" },
    { memberId: "g3", displayName: "G3" },
  ]);
  // Starting again moves a member to the end; stopping someone who is not listed changes nothing.
  state = foldPartyEvent(state, buffering("g1", true));
  expect(state.buffering.map((b) => b.memberId)).toEqual(["g2", "g3", "g1"]);
  expect(foldPartyEvent(state, buffering("g9", false))).toBe(state);
  state = foldPartyEvent(state, buffering("g2", false));
  expect(state.buffering.map((b) => b.memberId)).toEqual(["g3", "g1"]);
  state = foldPartyEvent(state, { v, type: "member.removed", memberId: "g3", reason: "kick" });
  expect(state.buffering.map((b) => b.memberId)).toEqual(["g1"]);
  // A roster without g1: g1 left while buffering.
  state = foldPartyEvent(state, { v, type: "presence", members: 1, hostOnline: true, roster: [member("host", "host")] });
  expect(state.buffering).toEqual([]);
});

test("a full roster may not name everyone here: it prunes nobody from the buffering list", () => {
  const full = Array.from({ length: ROSTER_MAX }, (_, i) => member(`r${i}`));
  const state = fold(initial(), buffering("g1", true), { v, type: "presence", members: ROSTER_MAX + 10, hostOnline: true, roster: full });
  expect(state.buffering.map((b) => b.memberId)).toEqual(["g1"]);
});

test("the buffering list is bounded like the roster (the oldest go first)", () => {
  let state = initial();
  for (let i = 0; i < ROSTER_MAX + 5; i++) state = foldPartyEvent(state, buffering(`b${i}`, true));
  expect(state.buffering).toHaveLength(ROSTER_MAX);
  expect(state.buffering[0]!.memberId).toBe("b5");
});

const ad = (memberId: string, on: boolean): PartyEvent => ({ v, type: "member.ad", memberId, displayName: memberId.toUpperCase(), on });

test("members in an ad: in the order they started (a repeat keeps its place), gone when it ends, they leave or are removed", () => {
  let state = fold(initial(), ad("g1", true), ad("g2", true), ad("g3", true));
  expect(state.ads).toEqual([
    { memberId: "g1", displayName: "G1" },
    { memberId: "g2", displayName: "G2" },
    { memberId: "g3", displayName: "G3" },
  ]);
  expect(foldPartyEvent(state, ad("g1", true))).toBe(state);
  expect(foldPartyEvent(state, ad("g9", false))).toBe(state);
  state = foldPartyEvent(state, ad("g2", false));
  expect(state.ads.map((a) => a.memberId)).toEqual(["g1", "g3"]);
  state = foldPartyEvent(state, { v, type: "member.removed", memberId: "g3", reason: "ban" });
  expect(state.ads.map((a) => a.memberId)).toEqual(["g1"]);
  // Removing someone in neither list changes nothing; a presence without g1 (they left mid-ad) drops them.
  expect(foldPartyEvent(state, { v, type: "member.removed", memberId: "g7", reason: "kick" })).toBe(state);
  const full = Array.from({ length: ROSTER_MAX }, (_, i) => member(`m${i}`));
  expect(fold(state, { v, type: "presence", members: ROSTER_MAX + 10, hostOnline: true, roster: full }).ads).toBe(state.ads);
  state = foldPartyEvent(state, { v, type: "presence", members: 1, hostOnline: true, roster: [member("host", "host")] });
  expect(state.ads).toEqual([]);
});

test("the ad list is bounded like the roster (the earliest stay: they are the ones waited for)", () => {
  let state = initial();
  for (let i = 0; i < ROSTER_MAX + 5; i++) state = foldPartyEvent(state, ad(`a${i}`, true));
  expect(state.ads).toHaveLength(ROSTER_MAX);
  expect(state.ads[0]!.memberId).toBe("a0");
});

test("fields an event does not touch keep their identity; an unknown event changes nothing", () => {
  const state = fold(initial(), { v, type: "chat", message: message("c1") }, { v, type: "draw.stroke", stroke: stroke("s1") });
  const next = foldPartyEvent(state, { v, type: "presence", members: 4, hostOnline: true });
  expect(next.chat).toBe(state.chat);
  expect(next.strokes).toBe(state.strokes);
  expect(foldPartyEvent(state, { v, type: "some.future.event" } as unknown as PartyEvent)).toBe(state);
});

test("a snapshot's state: chat cut to CHAT_HISTORY, what older servers leave out defaulted", () => {
  const chat = Array.from({ length: CHAT_HISTORY + 3 }, (_, i) => message(`c${i}`));
  const playback = initialPlaybackState("m0", 1000);
  const base: SnapshotEvent = { v, type: "snapshot", party: meta, playback, members: 3, hostOnline: true, chat, strokes: [stroke("s1")], role: "guest", you: { userId: "g1", displayName: "Gail" }, serverTime: 2000 };
  const state = stateFromSnapshot(base);
  expect(state.chat).toEqual(chat.slice(3));
  expect(state).toMatchObject({ party: meta, playback, members: 3, hostOnline: true, strokes: [stroke("s1")], roster: null, queue: emptyQueue(), poll: null, moderation: emptyModeration(), reports: [], recording: null, buffering: [], ads: [] });

  const roster = [member("host", "host")];
  const recording = { id: "rec1", startedAt: 3000, includeChat: false };
  const ads = [{ memberId: "g2", displayName: "Sam" }];
  const full = stateFromSnapshot({ ...base, roster, poll: poll("poll1", [2, 1]), reports: [report("c1", "g1")], recording, moderation: { ...emptyModeration(), locked: true }, ads });
  expect(full).toMatchObject({ roster, poll: poll("poll1", [2, 1]), reports: [report("c1", "g1")], recording, moderation: { locked: true }, ads });
});

/**
 * A recording replays the party exactly: folding the recorded timeline up to any instant gives the
 * same media, playback (and so position), chat, drawing and poll as the live replica that folded the
 * same log had at that instant.
 */
import { loggedEvent, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { Room } from "@/lib/server/realtime/room";
import {
  applyHostCommand,
  expectedPosition,
  initialPlaybackState,
  PROTOCOL_VERSION,
  type PartyMeta,
  type PlaybackCommand,
  type PollEntry,
} from "@/lib/sync";
import { RECORDING_MAX_ENTRIES, stateAt, TimelineRecorder, timelineMarkers, type RecordedEntry, type RecordingTimeline } from "@/lib/sync/recording";

const v = PROTOCOL_VERSION;
const T0 = 1_700_000_000_000;

function meta(): PartyMeta {
  return {
    id: "p1",
    state: "ACTIVE",
    title: "Movie night",
    hostUserId: "host",
    hostDisplayName: "Host",
    platformDomain: "youtube.com",
    chatProvider: "builtin",
    chatChannel: null,
    visibility: "public",
    streamerLatencyMs: 0,
    media: { id: "m0", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "First", duration: 600 },
  };
}

/** A live party driven on a fake server clock: every event goes through the replica and a recorder subscribed to it. */
function party() {
  const room = new Room(meta(), initialPlaybackState("m0", T0));
  let now = T0;
  let seq = 0;
  const recorder = new TimelineRecorder({ media: room.media, playback: room.playback, strokes: [], poll: null }, T0);
  const entries: RecordedEntry[] = [];
  room.subscribers.add({
    push: (logged) => {
      const entry = recorder.push(logged.event as LoggedServerEvent, now);
      if (entry) entries.push(entry);
    },
    close: () => {},
  });
  const apply = (event: LoggedServerEvent) => room.apply(loggedEvent(String(++seq), event));
  return {
    room,
    entries,
    at: (ms: number) => {
      now = T0 + ms;
    },
    get now() {
      return now;
    },
    host(command: PlaybackCommand) {
      const next = applyHostCommand({ playback: room.playback, media: room.media }, command, now);
      if (next.media !== room.media) apply({ v, type: "party", party: { ...room.meta, media: next.media } });
      apply({ v, type: "playback", state: next.playback });
    },
    chat(text: string) {
      apply({ v, type: "chat", message: { id: `c${seq}`, userId: "guest", displayName: "Guest", text, at: now } });
    },
    stroke(x: number, id = `s${seq}`) {
      apply({ v, type: "draw.stroke", stroke: { id, color: "#ff0000", width: 0.01, points: [[x, 0.1], [x + 0.1, 0.2]] } });
    },
    clear() {
      apply({ v, type: "draw.clear" });
    },
    poll(entry: PollEntry) {
      apply({ v, type: "poll.entry", entry });
    },
    timeline(): RecordingTimeline {
      return { startedAt: T0, endedAt: now, start: recorder.start, entries };
    },
  };
}

/** What a member of the live party saw at the current instant. */
function live(p: ReturnType<typeof party>) {
  const { room } = p;
  return {
    media: room.media,
    playback: room.playback,
    position: Math.min(expectedPosition(room.playback, p.now), room.media.duration ?? Infinity),
    paused: room.playback.paused,
    strokes: room.strokes,
    poll: room.poll?.poll ?? null,
    chat: room.chat,
  };
}

// Every event at an instant counts at that instant: samples are taken after the instant's events.
test("the state at any recorded instant is the live replica's at that instant", () => {
  const p = party();
  const samples: { ms: number; expected: ReturnType<typeof live> }[] = [];
  const sample = () => samples.push({ ms: p.now - T0, expected: structuredClone(live(p)) });

  sample();
  p.at(1_000);
  p.host({ v, type: "play" });
  p.at(2_500);
  p.chat("hello");
  p.stroke(0.1);
  sample();
  p.at(4_000);
  p.host({ v, type: "seek", position: 120 });
  sample();
  p.at(6_250);
  sample();
  p.at(6_500);
  p.poll({ op: "open", poll: { id: "poll1", kind: "next", visibility: "anonymous", options: [{ label: "A", url: null, itemId: null, breakSeconds: null }, { label: "B", url: null, itemId: null, breakSeconds: null }], openedAt: p.now, endsAt: null } });
  p.poll({ op: "vote", pollId: "poll1", voterId: "guest", name: "Guest", option: 1, at: p.now });
  p.at(7_000);
  sample();
  p.at(7_200);
  p.host({ v, type: "rate", rate: 1.5 });
  p.at(8_000);
  p.host({ v, type: "pause" });
  p.clear();
  p.chat("paused!");
  p.at(9_000);
  sample();
  p.at(9_500);
  p.poll({ op: "close", pollId: "poll1", at: p.now });
  p.host({ v, type: "media", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Second", duration: 300 });
  p.at(10_000);
  p.host({ v, type: "play" });
  p.stroke(0.5);
  // The same stroke twice (a host's retry): members, and so the replay, show it once.
  p.stroke(0.6, "twice");
  p.stroke(0.6, "twice");
  p.at(12_345);
  sample();
  // A host's stamped reading, received later than it was taken: sampled once it arrived.
  p.at(13_000);
  p.host({ v, type: "seek", position: 30, at: T0 + 12_800 });
  p.at(13_500);
  sample();

  const timeline = p.timeline();
  for (const { ms, expected } of samples) {
    const state = stateAt(timeline, ms);
    expect({ ms, media: state.media, playback: state.playback, paused: state.paused, strokes: state.strokes, poll: state.poll, chat: state.chat }).toEqual({
      ms,
      media: expected.media,
      playback: expected.playback,
      paused: expected.paused,
      strokes: expected.strokes,
      poll: expected.poll,
      chat: expected.chat,
    });
    expect(state.position).toBeCloseTo(expected.position, 9);
  }
  // Spot checks a viewer would notice.
  expect(stateAt(timeline, 6_250).position).toBeCloseTo(122.25, 9);
  expect(stateAt(timeline, 9_000).paused).toBe(true);
  expect(stateAt(timeline, 9_000).chat.map((m) => m.text)).toEqual(["hello", "paused!"]);
  expect(stateAt(timeline, 12_345).media.title).toBe("Second");
  // Played from 0 at 10 s, still at the 1.5× rate set before the media change.
  expect(stateAt(timeline, 12_345).position).toBeCloseTo(3.5175, 9);
});

test("offsets outside the recording clamp to its start and end", () => {
  const p = party();
  p.at(1_000);
  p.host({ v, type: "play" });
  p.at(5_000);
  const timeline = p.timeline();
  expect(stateAt(timeline, -50).position).toBe(0);
  expect(stateAt(timeline, -50).paused).toBe(true);
  expect(stateAt(timeline, 60_000).position).toBeCloseTo(4, 9);
});

test("the scrubber marks plays, pauses, seeks, media changes and polls, at their offsets", () => {
  const p = party();
  p.at(1_000);
  p.host({ v, type: "play" });
  p.at(3_000);
  p.host({ v, type: "seek", position: 65 });
  p.at(4_000);
  p.host({ v, type: "pause" });
  p.poll({ op: "open", poll: { id: "q", kind: "next", visibility: "anonymous", options: [{ label: "A", url: null, itemId: null, breakSeconds: null }, { label: "B", url: null, itemId: null, breakSeconds: null }], openedAt: p.now, endsAt: null } });
  p.poll({ op: "vote", pollId: "q", voterId: "guest", name: "Guest", option: 0, at: p.now });
  p.at(5_000);
  p.poll({ op: "close", pollId: "q", at: p.now });
  p.host({ v, type: "media", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Second", duration: 300 });
  expect(timelineMarkers(p.timeline())).toEqual([
    { offset: 1_000, kind: "play", label: "Playing" },
    { offset: 3_000, kind: "seek", label: "Seek to 1:05" },
    { offset: 4_000, kind: "pause", label: "Paused" },
    { offset: 5_000, kind: "poll", label: "Poll closed: A" },
    { offset: 5_000, kind: "media", label: "Now playing: Second" },
  ]);
});

test("a recording without chat keeps everything else; a full recorder records nothing more", () => {
  const start = { media: meta().media, playback: initialPlaybackState("m0", T0), strokes: [], poll: null };
  const noChat = new TimelineRecorder(start, T0, false);
  expect(noChat.push({ type: "chat", message: { id: "c", userId: "u", displayName: "U", text: "hi", at: T0 + 5 } } as never, T0 + 5)).toBeNull();
  expect(noChat.push({ type: "draw.clear" }, T0 + 6)).toEqual({ at: T0 + 6, event: { type: "draw.clear" } });
  // Presence, queue and other server events are not part of a recording.
  expect(noChat.push({ type: "presence" }, T0 + 7)).toBeNull();

  const recorder = new TimelineRecorder(start, T0);
  for (let i = 0; i < RECORDING_MAX_ENTRIES; i += 1) recorder.push({ type: "draw.clear" }, T0 + i);
  expect(recorder.full).toBe(true);
  expect(recorder.push({ type: "draw.clear" }, T0 + RECORDING_MAX_ENTRIES)).toBeNull();
});

test("times never run backwards: an old host stamp is placed no earlier than what was recorded before it", () => {
  const start = { media: meta().media, playback: initialPlaybackState("m0", T0), strokes: [], poll: null };
  const recorder = new TimelineRecorder(start, T0);
  recorder.push({ type: "draw.clear" }, T0 + 1_000);
  const entry = recorder.push({ type: "playback", state: { ...start.playback, paused: false, at: T0 + 200, seq: 1 } }, T0 + 1_100);
  expect(entry?.at).toBe(T0 + 1_000);
});

test("a state already in force (the echo of a superseded host command) is not recorded again", () => {
  const start = { media: meta().media, playback: initialPlaybackState("m0", T0), strokes: [], poll: null };
  const recorder = new TimelineRecorder(start, T0);
  // The start's state, sent again: nothing happened.
  expect(recorder.push({ type: "playback", state: start.playback }, T0 + 50)).toBeNull();
  const play = { ...start.playback, paused: false, at: T0 + 100, seq: 1 };
  expect(recorder.push({ type: "playback", state: play }, T0 + 120)).toEqual({ at: T0 + 100, event: { type: "playback", state: play } });
  for (let i = 0; i < 5; i += 1) expect(recorder.push({ type: "playback", state: { ...play } }, T0 + 200 + i)).toBeNull();
  const seek = { ...play, position: 30, at: T0 + 900, seq: 2 };
  expect(recorder.push({ type: "playback", state: seek }, T0 + 920)?.event).toEqual({ type: "playback", state: seek });
  expect(recorder.entries).toBe(2);
});

/**
 * A party's replica keeps a bounded drawing (oldest strokes dropped, coordinates rounded on input),
 * so the snapshot every joiner downloads stays small whatever the host sends.
 */
import { loggedEvent, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { Room, SNAPSHOT_MAX_BYTES } from "@/lib/server/realtime/room";
import {
  appendStroke,
  CHAT_HISTORY,
  CHAT_MAX,
  DRAWING_MAX_POINTS,
  DRAWING_MAX_STROKES,
  initialPlaybackState,
  MEDIA_URL_MAX,
  parseClientCommand,
  QUEUE_MAX_ITEMS,
  REQUESTS_MAX,
  PROTOCOL_VERSION,
  ROSTER_MAX,
  VOICE_HOST_MUTED_MAX,
  VOICE_MAX_LISTENERS,
  VOICE_MAX_MEMBERS,
  VOICE_MAX_WAITING,
  type PartyMeta,
  type Stroke,
} from "@/lib/sync";

const v = PROTOCOL_VERSION;
/** Characters that JSON escapes as \u00XX: six bytes each on the wire. */
const worstText = (length: number) => "\u0001".repeat(length);
/** The costliest characters a checked text may hold: three bytes each, unescaped. */
const costlyText = (length: number) => "\u4e00".repeat(length);

function meta(overrides: Partial<PartyMeta> = {}): PartyMeta {
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
    media: { id: "m0", url: "https://www.youtube.com/watch?v=abc", title: "Movie", duration: null },
    ...overrides,
  };
}

/** A stroke as the commands route receives it: parsed (and rounded) by the protocol. */
function strokeFromClient(id: string, points: number, offset = 0): Stroke {
  const parsed = parseClientCommand({
    v,
    type: "draw.stroke",
    stroke: { id, points: Array.from({ length: points }, (_, i) => [((i + offset) % 997) / 997, Math.random()]), color: "#ffffff", width: 0.012345678901234567 },
  });
  if (!parsed.ok || parsed.value.type !== "draw.stroke") throw new Error(parsed.ok ? "not a stroke" : parsed.message);
  return parsed.value.stroke;
}

let nextId = 1;
function feed(room: Room, event: LoggedServerEvent): void {
  room.apply(loggedEvent(String(nextId++), event));
}

const pointsOf = (strokes: readonly Stroke[]) => strokes.reduce((sum, s) => sum + s.points.length, 0);

test("stroke coordinates are rounded to 4 decimals on input", () => {
  const parsed = parseClientCommand({ v, type: "draw.stroke", stroke: { id: "s", points: [[0.123456789, 0.987654321], [1, 0]], color: "#000000", width: 0.01 } });
  expect(parsed.ok && parsed.value.type === "draw.stroke" && parsed.value.stroke.points).toEqual([
    [0.1235, 0.9877],
    [1, 0],
  ]);
});

test("the drawing keeps at most DRAWING_MAX_POINTS points: the oldest strokes go first", () => {
  const room = new Room(meta(), initialPlaybackState("m0", 0));
  const total = Math.ceil(DRAWING_MAX_POINTS / 2000) + 3;
  for (let i = 0; i < total; i++) feed(room, { v, type: "draw.stroke", stroke: strokeFromClient(`s${i}`, 2000) });
  expect(pointsOf(room.strokes)).toBeLessThanOrEqual(DRAWING_MAX_POINTS);
  const kept = Math.floor(DRAWING_MAX_POINTS / 2000);
  expect(room.strokes.map((s) => s.id)).toEqual(Array.from({ length: kept }, (_, i) => `s${total - kept + i}`));
});

test("the drawing keeps at most DRAWING_MAX_STROKES strokes, and a clear empties it", () => {
  let strokes: Stroke[] = [];
  for (let i = 0; i < DRAWING_MAX_STROKES + 20; i++) strokes = appendStroke(strokes, { id: `t${i}`, points: [[0, 0]], color: "#000000", width: 0.01 });
  expect(strokes).toHaveLength(DRAWING_MAX_STROKES);
  expect(strokes[0]!.id).toBe("t20");
  expect(strokes.at(-1)!.id).toBe(`t${DRAWING_MAX_STROKES + 19}`);

  const room = new Room(meta(), initialPlaybackState("m0", 0));
  feed(room, { v, type: "draw.stroke", stroke: strokeFromClient("a", 10) });
  feed(room, { v, type: "draw.clear" });
  expect(room.strokes).toEqual([]);
});

test("a snapshot stays within SNAPSHOT_MAX_BYTES whatever the host, the queue, the requests, the chat and voice send", () => {
  const room = new Room(
    meta({
      title: worstText(200),
      hostDisplayName: worstText(100),
      platformDomain: "x".repeat(253),
      chatChannel: worstText(100),
      media: { id: worstText(64), url: `https://example.com/${"a".repeat(MEDIA_URL_MAX - 20)}`, title: worstText(300), duration: 1 },
    }),
    initialPlaybackState("m0", 0),
  );
  // A host posting maximum strokes without end: 30 × 2 000 full-precision points…
  for (let i = 0; i < 30; i++) feed(room, { v, type: "draw.stroke", stroke: strokeFromClient(`big${i}`, 2000, i) });
  // …then the most strokes the drawing keeps, each with the longest, most expensive id.
  for (let i = 0; i < DRAWING_MAX_STROKES; i++) {
    const id = worstText(63) + String.fromCharCode(0x4e00 + i);
    feed(room, { v, type: "draw.stroke", stroke: strokeFromClient(id, DRAWING_MAX_POINTS / DRAWING_MAX_STROKES, i) });
  }
  // A full chat history of the longest, most expensive messages.
  for (let i = 0; i < CHAT_HISTORY + 5; i++) {
    feed(room, { v, type: "chat", message: { id: crypto.randomUUID(), userId: worstText(64), displayName: worstText(100), text: worstText(CHAT_MAX), at: Date.now() } });
  }
  // A full roster of the longest, most expensive names and ids.
  const roster = Array.from({ length: ROSTER_MAX }, (_, i) => ({ userId: worstText(63) + String.fromCharCode(0x4e00 + i), displayName: worstText(100), role: "guest" as const, guest: true }));
  feed(room, { v, type: "presence", members: 100_000, hostOnline: true, roster });
  // Everyone on it (and more) watching an ad: the list is bounded like the roster.
  for (let i = 0; i < ROSTER_MAX + 10; i++) feed(room, { v, type: "member.ad", memberId: worstText(63) + String.fromCharCode(0x4e00 + i), displayName: worstText(100), on: true });
  // A full queue and a full request list, every text at its longest. Their texts passed the
  // protocol's text rule (no control characters), so their costliest characters are 3-byte ones.
  const longUrl = (i: number) => `https://example.com/${"a".repeat(2048 - 24)}${String(i).padStart(4, "0")}`;
  feed(room, {
    v,
    type: "queue",
    queue: {
      items: Array.from({ length: QUEUE_MAX_ITEMS }, (_, i) => ({ id: worstText(60) + String(i).padStart(4, "0"), url: longUrl(i), title: costlyText(300) })),
      settings: { autoplayYoutube: true, autoplayTiktok: true, intermissionSeconds: 0, musicMode: true },
      start: { mediaId: worstText(64), at: Date.now() },
      requests: Array.from({ length: REQUESTS_MAX }, (_, i) => ({
        id: worstText(60) + String(i).padStart(4, "0"),
        url: longUrl(i),
        title: costlyText(300),
        requestedBy: { userId: costlyText(64), displayName: costlyText(100) },
        at: Date.now(),
      })),
    },
  });
  // Voice at every bound: 8 speakers, the listeners, the waiting list and the host's voice mutes.
  // Only the server writes it, from callers' sessions (a member is listed only once they joined
  // voice): ids are server-issued ASCII, names passed the name rule (3-byte characters at worst).
  const voiceId = (i: number) => "v".repeat(60) + String(i).padStart(4, "0");
  const voiceRef = (i: number) => ({ memberId: voiceId(i), displayName: costlyText(100) });
  feed(room, {
    v,
    type: "voice",
    voice: {
      members: Array.from({ length: VOICE_MAX_MEMBERS }, (_, i) => ({ ...voiceRef(i), muted: true, camera: true, hostMuted: true })),
      listeners: Array.from({ length: VOICE_MAX_LISTENERS }, (_, i) => voiceRef(100 + i)),
      waiting: Array.from({ length: VOICE_MAX_WAITING }, (_, i) => voiceRef(200 + i)),
      hostMuted: Array.from({ length: VOICE_HOST_MUTED_MAX }, (_, i) => voiceId(1000 + i)),
    },
  });
  expect(room.strokes).toHaveLength(DRAWING_MAX_STROKES);
  expect(pointsOf(room.strokes)).toBe(DRAWING_MAX_POINTS);
  expect(room.roster).toHaveLength(ROSTER_MAX);
  expect(room.ads).toHaveLength(ROSTER_MAX);

  const snapshot = room.snapshotFor({ userId: worstText(64), displayName: worstText(100) }, Date.now());
  const bytes = loggedEvent("1", snapshot as unknown as LoggedServerEvent).frame.byteLength;
  expect(bytes).toBeLessThanOrEqual(SNAPSHOT_MAX_BYTES);
});

test("a queue event logged before music mode and requests folds into a complete queue", () => {
  const room = new Room(meta(), initialPlaybackState("m0", 0));
  // As an older server wrote it to a shared log (the log is not re-parsed on the way in).
  const old = { items: [{ id: "q1", url: "https://www.youtube.com/watch?v=abc", title: "A" }], settings: { autoplayYoutube: false, autoplayTiktok: true, intermissionSeconds: 5 }, start: null };
  feed(room, { v, type: "queue", queue: old } as unknown as LoggedServerEvent);
  expect(room.queue).toEqual({ ...old, settings: { ...old.settings, musicMode: false }, requests: [] });
});

test("who watches an ad is folded from the reports, and a late joiner's snapshot names them; those who leave or are removed drop out", () => {
  const room = new Room(meta(), initialPlaybackState("m0", 0));
  const member = (userId: string) => ({ userId, displayName: userId, role: "guest" as const, guest: true });
  feed(room, { v, type: "member.ad", memberId: "g1", displayName: "Gail", on: true });
  feed(room, { v, type: "member.ad", memberId: "g2", displayName: "Sam", on: true });
  feed(room, { v, type: "member.ad", memberId: "g3", displayName: "Cat", on: true });
  expect(room.snapshotFor({ userId: "late", displayName: "Late" }, 0).ads).toEqual([
    { memberId: "g1", displayName: "Gail" },
    { memberId: "g2", displayName: "Sam" },
    { memberId: "g3", displayName: "Cat" },
  ]);
  feed(room, { v, type: "member.ad", memberId: "g1", displayName: "Gail", on: false });
  feed(room, { v, type: "member.removed", memberId: "g3", reason: "kick" });
  expect(room.ads).toEqual([{ memberId: "g2", displayName: "Sam" }]);
  feed(room, { v, type: "presence", members: 2, hostOnline: true, roster: [member("host"), member("g1")] });
  expect(room.snapshotFor({ userId: "late", displayName: "Late" }, 0).ads).toEqual([]);
});

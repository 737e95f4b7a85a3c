import { CHAT_MESSAGE_MAX_LENGTH } from "@/lib/constants";
import {
  CHAT_MAX,
  PROTOCOL_VERSION,
  isHostCommand,
  isPlaybackCommand,
  parseClientCommand,
  parseServerEvent,
  type ClientCommand,
  type PartyMeta,
  type PlaybackState,
  type ServerEvent,
} from "@/lib/sync";

const v = PROTOCOL_VERSION;
const media = { id: "m0", url: "https://www.youtube.com/watch?v=abc", title: "A video", duration: 212.5 };
const playback: PlaybackState = { mediaId: "m0", paused: false, position: 12.5, rate: 1, at: 1_760_000_000_000, seq: 3 };
const party: PartyMeta = {
  id: "p1",
  state: "AWAITING_RECONNECT",
  title: "Friday movie",
  hostUserId: "u1",
  hostDisplayName: "Ana",
  platformDomain: "youtube.com",
  chatProvider: "twitch",
  chatChannel: "ana_streams",
  visibility: "private",
  streamerLatencyMs: 3500,
  media,
};
const stroke = { id: "s1", points: [[0, 0], [0.5, 0.25], [1, 1]] as [number, number][], color: "#66fcf1", width: 0.01 };
const chatMessage = { id: "c1", userId: "u2", displayName: "Bo", text: "hi", at: 1_760_000_000_500 };

describe("server events", () => {
  const events: ServerEvent[] = [
    {
      v,
      type: "snapshot",
      party,
      playback,
      members: 3,
      hostOnline: true,
      chat: [chatMessage],
      strokes: [stroke],
      role: "guest",
      you: { userId: "u2", displayName: "Bo" },
      serverTime: 1_760_000_001_000,
    },
    { v, type: "playback", state: playback, cid: 7 },
    { v, type: "playback", state: { ...playback, paused: true } },
    { v, type: "chat", message: chatMessage },
    { v, type: "draw.stroke", stroke },
    { v, type: "draw.clear" },
    { v, type: "presence", members: 4, hostOnline: false },
    { v, type: "party", party: { ...party, state: "ENDED" } },
    { v, type: "pong", t0: 1234.5, t1: 1_760_000_000_000, t2: 1_760_000_000_001 },
  ];

  it.each(events.map((e) => [e.type, e] as const))("parses a %s event as sent", (_type, event) => {
    const result = parseServerEvent(JSON.parse(JSON.stringify(event)));
    expect(result).toEqual({ ok: true, value: event });
  });

  it("rejects an unknown event type", () => {
    const result = parseServerEvent({ v, type: "teleport", to: 3 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe("invalid_message");
  });

  it("rejects another protocol version with its own code", () => {
    const result = parseServerEvent({ ...events[1], v: 2 });
    expect(result).toMatchObject({ ok: false, code: "unsupported_version" });
  });

  it("rejects a message without a version", () => {
    const { v: _omitted, ...unversioned } = { v, type: "draw.clear" as const };
    expect(parseServerEvent(unversioned).ok).toBe(false);
  });

  it("rejects stroke points outside the video box and malformed colours", () => {
    expect(parseServerEvent({ v, type: "draw.stroke", stroke: { ...stroke, points: [[1.2, 0.5]] } }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "draw.stroke", stroke: { ...stroke, color: "red" } }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "draw.stroke", stroke: { ...stroke, points: [] } }).ok).toBe(false);
  });

  it("rejects an unknown party state and a non-http media url", () => {
    expect(parseServerEvent({ v, type: "party", party: { ...party, state: "PAUSED" } }).ok).toBe(false);
    const badMedia = { ...media, url: "javascript:alert(1)" };
    expect(parseServerEvent({ v, type: "party", party: { ...party, media: badMedia } }).ok).toBe(false);
  });

  it("rejects a negative position and an out-of-range rate", () => {
    expect(parseServerEvent({ v, type: "playback", state: { ...playback, position: -1 } }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "playback", state: { ...playback, rate: 0 } }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "playback", state: { ...playback, rate: Infinity } }).ok).toBe(false);
  });
});

describe("client commands", () => {
  const commands: ClientCommand[] = [
    { v, type: "play" },
    { v, type: "play", position: 10.25, at: 1_760_000_000_000, cid: 1 },
    { v, type: "pause", position: 11 },
    { v, type: "seek", position: 600, at: 1_760_000_000_000 },
    { v, type: "rate", rate: 1.5 },
    { v, type: "seek", position: 600, at: 1_760_000_000_000, horizon: 612.5 },
    { v, type: "horizon", horizon: 640.25, at: 1_760_000_000_000, cid: 3 },
    { v, type: "horizon", horizon: null },
    { v, type: "media", url: "https://www.netflix.com/watch/123", title: "Film", duration: null, cid: 2 },
    { v, type: "draw.stroke", stroke },
    { v, type: "draw.clear" },
    { v, type: "chat", text: "hello" },
    { v, type: "ping", t0: 98765.4321 },
  ];

  it.each(commands.map((c) => [c.type, c] as const))("parses a %s command as sent", (_type, command) => {
    expect(parseClientCommand(JSON.parse(JSON.stringify(command)))).toEqual({ ok: true, value: command });
  });

  it("requires a position on seek and a rate on rate", () => {
    expect(parseClientCommand({ v, type: "seek" }).ok).toBe(false);
    expect(parseClientCommand({ v, type: "rate" }).ok).toBe(false);
  });

  it("bounds the host's horizon like a position, on a command and in a state", () => {
    for (const horizon of [-1, "12", Number.NaN, 1e9, true]) {
      expect(parseClientCommand({ v, type: "horizon", horizon }).ok).toBe(false);
      expect(parseClientCommand({ v, type: "play", position: 1, horizon }).ok).toBe(false);
    }
    expect(parseClientCommand({ v, type: "horizon" }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "playback", state: { ...playback, horizon: -0.5 } }).ok).toBe(false);
    expect(parseServerEvent({ v, type: "playback", state: { ...playback, horizon: 40 } })).toMatchObject({ ok: true, value: { state: { horizon: 40 } } });
  });

  it("rejects an unknown command type", () => {
    expect(parseClientCommand({ v, type: "kick", userId: "u2" })).toMatchObject({ ok: false, code: "invalid_message" });
  });

  it("tells host-only commands and playback commands apart", () => {
    const types = commands.map((c) => [c.type, isHostCommand(c), isPlaybackCommand(c)]);
    expect(types).toEqual([
      ["play", true, true],
      ["play", true, true],
      ["pause", true, true],
      ["seek", true, true],
      ["rate", true, true],
      ["seek", true, true],
      ["horizon", true, true],
      ["horizon", true, true],
      ["media", true, true],
      ["draw.stroke", true, false],
      ["draw.clear", true, false],
      ["chat", false, false],
      ["ping", false, false],
    ]);
  });
});

describe("chat text", () => {
  const chat = (text: string) => parseClientCommand({ v, type: "chat", text });

  it("is the product's chat limit", () => {
    expect(CHAT_MAX).toBe(CHAT_MESSAGE_MAX_LENGTH);
    expect(CHAT_MAX).toBe(500);
  });

  it("is trimmed", () => {
    expect(chat("  hello there \n")).toEqual({ ok: true, value: { v, type: "chat", text: "hello there" } });
  });

  it("accepts exactly 500 characters and rejects 501", () => {
    expect(chat("a".repeat(500)).ok).toBe(true);
    const tooLong = chat("a".repeat(501));
    expect(tooLong).toMatchObject({ ok: false, code: "invalid_message" });
    if (!tooLong.ok) expect(tooLong.message).toMatch(/500/);
  });

  it("counts characters, not UTF-16 units, and ignores surrounding spaces", () => {
    expect(chat("😀".repeat(500)).ok).toBe(true);
    expect(chat("😀".repeat(501)).ok).toBe(false);
    expect(chat(`   ${"a".repeat(500)}   `).ok).toBe(true);
  });

  it("rejects an empty or blank message", () => {
    expect(chat("").ok).toBe(false);
    expect(chat(" \n\t ").ok).toBe(false);
  });
});

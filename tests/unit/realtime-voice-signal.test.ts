/**
 * Voice signals on one instance: the in-process bus hands them to the party's listeners without
 * logging them, and a replica writes each to its `to` member's streams only, as an id-less frame
 * (a stream's Last-Event-ID never points at one). The snapshot carries the folded voice state.
 */
import { loggedEvent, type VoiceSignalEvent } from "@/lib/server/realtime/bus";
import { MemoryBus } from "@/lib/server/realtime/memory-bus";
import { Room } from "@/lib/server/realtime/room";
import { emptyVoice, initialPlaybackState, PROTOCOL_VERSION } from "@/lib/sync";
import { partyMeta } from "./helpers/party-meta";

const v = PROTOCOL_VERSION;
const signal: VoiceSignalEvent = { v, type: "voice.signal", from: "ana", to: "ben", signal: { kind: "description", description: { type: "offer", sdp: "v=0\r\n" } } };

const meta = partyMeta();

test("the in-process bus relays a signal to the party's listeners and logs nothing", async () => {
  const bus = new MemoryBus();
  const got: VoiceSignalEvent[] = [];
  const stop = await bus.subscribeSignals("p1", (event) => got.push(event));
  const elsewhere: VoiceSignalEvent[] = [];
  await bus.subscribeSignals("p2", (event) => elsewhere.push(event));
  await bus.publishSignal("p1", signal);
  expect(got).toEqual([signal]);
  expect(elsewhere).toEqual([]);
  expect(await bus.tail("p1")).toEqual([]);
  expect(await bus.latestId("p1")).toBeNull();
  stop();
  await bus.publishSignal("p1", signal);
  expect(got).toHaveLength(1);
});

test("a replica writes a signal to the `to` member's streams only, id-less; a subscriber that takes none (a recorder) gets nothing", () => {
  const room = new Room(meta, initialPlaybackState("m0", 0));
  const frames: Record<string, string[]> = { ben1: [], ben2: [], ana: [] };
  const stream = (memberId: string, key: string) => ({ memberId, push: () => undefined, send: (frame: Uint8Array) => frames[key]!.push(new TextDecoder().decode(frame)), close: () => undefined });
  room.subscribers.add(stream("ben", "ben1"));
  room.subscribers.add(stream("ben", "ben2"));
  room.subscribers.add(stream("ana", "ana"));
  const recorder = { push: jest.fn(), close: () => undefined };
  room.subscribers.add(recorder);
  room.deliverSignal(signal);
  const expected = `data: ${JSON.stringify(signal)}\n\n`;
  expect(frames).toEqual({ ben1: [expected], ben2: [expected], ana: [] });
  expect(recorder.push).not.toHaveBeenCalled();
  expect(room.lastEventId).toBeNull();
});

test("the snapshot carries the voice state folded from the log", () => {
  const room = new Room(meta, initialPlaybackState("m0", 0));
  expect(room.snapshotFor({ userId: "ben", displayName: "Ben" }, 0).voice).toEqual(emptyVoice());
  const voice = { ...emptyVoice(), members: [{ memberId: "ana", displayName: "Ana", muted: false, camera: true, hostMuted: false }], waiting: [{ memberId: "ben", displayName: "Ben" }] };
  room.apply(loggedEvent("1", { v, type: "voice", voice }));
  expect(room.snapshotFor({ userId: "ben", displayName: "Ben" }, 0).voice).toEqual(voice);
  // A removed member leaves voice in the replica at once.
  room.apply(loggedEvent("2", { v, type: "member.removed", memberId: "ana", reason: "kick" }));
  expect(room.state.voice.members).toEqual([]);
});

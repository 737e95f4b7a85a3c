/**
 * The in-process party bus: a running party's replay buffer is bounded by bytes as well as events,
 * an ended party is freed and stays ended, and memberships record joins and leaves.
 */
import { compareEventIds, PartyEndedError, REPLAY_BUFFER_BYTES, REPLAY_BUFFER_EVENTS, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { MemoryBus } from "@/lib/server/realtime/memory-bus";
import { PROTOCOL_VERSION } from "@/lib/sync";
import { checkAppendGuard } from "@/tests/support/append-guard";

const v = PROTOCOL_VERSION;
const chat = (text: string): LoggedServerEvent => ({ v, type: "chat", message: { id: "c", userId: "u", displayName: "U", text, at: 1 } });

test("a guarded append (voice) is refused when another voice change came after what the writer had seen; other events do not count", async () => {
  const bus = new MemoryBus();
  const PARTY = "guarded";
  await checkAppendGuard(bus, PARTY);
});

test("the replay buffer holds at most REPLAY_BUFFER_BYTES: older events are dropped and resuming from them asks for a snapshot", async () => {
  const bus = new MemoryBus();
  const ids: string[] = [];
  const big = "x".repeat(32 * 1024);
  for (let i = 0; i < 100; i++) ids.push(await bus.append("p", chat(big)));
  const stats = (await bus.stats(["p"])).logs.p!;
  expect(stats.bytes).toBeLessThanOrEqual(REPLAY_BUFFER_BYTES);
  expect(stats.events).toBeLessThan(100);
  expect(stats.events).toBeGreaterThan(REPLAY_BUFFER_BYTES / (64 * 1024));
  // The tail is what remains; resuming before it is impossible (null → snapshot), after it works.
  const tail = await bus.tail("p");
  expect(tail.map((e) => e.id)).toEqual(ids.slice(-stats.events));
  expect(await bus.since("p", ids[0]!)).toBeNull();
  expect((await bus.since("p", ids.at(-3)!))!.map((e) => e.id)).toEqual(ids.slice(-2));
});

test("the replay buffer still holds at most REPLAY_BUFFER_EVENTS small events", async () => {
  const bus = new MemoryBus();
  for (let i = 0; i < REPLAY_BUFFER_EVENTS + 50; i++) await bus.append("p", chat(`m${i}`));
  expect((await bus.stats(["p"])).logs.p!.events).toBe(REPLAY_BUFFER_EVENTS);
});

test("a single event larger than the byte bound is still kept (the newest event always is)", async () => {
  const bus = new MemoryBus();
  await bus.append("p", chat("a"));
  const id = await bus.append("p", chat("y".repeat(REPLAY_BUFFER_BYTES + 10)));
  expect((await bus.tail("p")).map((e) => e.id)).toEqual([id]);
});

test("discarding an ended party frees its log, presence and memberships, and refuses further appends", async () => {
  const bus = new MemoryBus();
  await bus.append("p", chat("hello"));
  await bus.append("q", chat("other party"));
  await bus.setPresence("p", { members: ["a"], hostOnline: true });
  await bus.setMembership("p", "a", true);
  await bus.discard("p");

  const stats = await bus.stats(["p", "q"]);
  expect(stats.logs).toEqual({ p: null, q: { events: 1, bytes: expect.any(Number) } });
  expect(stats.parties).toBe(1);
  expect(await bus.tail("p")).toEqual([]);
  expect(await bus.presence("p")).toEqual({ members: 0, hostOnline: false, memberIds: [], profiles: {} });
  expect(await bus.membership("p", "a")).toBeNull();
  await expect(bus.append("p", chat("late"))).rejects.toBeInstanceOf(PartyEndedError);
  await bus.setMembership("p", "a", true);
  await bus.setPresence("p", { members: ["a"], hostOnline: true });
  expect((await bus.stats(["p"])).logs.p).toBeNull();
  expect(await bus.membership("p", "a")).toBeNull();
  expect((await bus.presence("p")).members).toBe(0);
});

test("memberships: a recorded join or leave wins over a later database answer", async () => {
  const bus = new MemoryBus();
  expect(await bus.membership("p", "a")).toBeNull();
  await bus.rememberMembership("p", "a", true);
  expect(await bus.membership("p", "a")).toBe(true);
  await bus.setMembership("p", "a", false);
  await bus.rememberMembership("p", "a", true); // a stale read racing the leave
  expect(await bus.membership("p", "a")).toBe(false);
  await bus.setMembership("p", "a", true);
  expect(await bus.membership("p", "a")).toBe(true);
});

test("event ids order as numbers in memory and as Redis stream ids, whichever bus made them", () => {
  expect(compareEventIds("9", "10")).toBeLessThan(0);
  expect(compareEventIds("10", "9")).toBeGreaterThan(0);
  expect(compareEventIds("12", "12")).toBe(0);
  expect(compareEventIds("1700000000000-3", "1700000000000-10")).toBeLessThan(0);
  expect(compareEventIds("1700000000001-0", "1700000000000-10")).toBeGreaterThan(0);
  expect(compareEventIds("1700000000000", "1700000000000-0")).toBe(0);
  expect(compareEventIds("12", "1700000000000-3")).toBeLessThan(0);
});

/**
 * The Redis party bus against the machine's Redis: the replay buffer is bounded by bytes as well as
 * events (XADD's MAXLEN only counts), running parties' keys expire after a week, and an ended party's
 * keys go (its log within a minute) and take no more appends.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { PartyEndedError, REPLAY_BUFFER_BYTES, REPLAY_BUFFER_EVENTS, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { RedisBus } from "@/lib/server/realtime/redis-bus";
import { PROTOCOL_VERSION } from "@/lib/sync";
import { checkAppendGuard } from "@/tests/support/append-guard";

jest.setTimeout(60_000);

const REDIS_URL = process.env.VP_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `vp_test_${randomBytes(4).toString("hex")}`;
const v = PROTOCOL_VERSION;
const chat = (text: string): LoggedServerEvent => ({ v, type: "chat", message: { id: "c", userId: "u", displayName: "U", text, at: 1 } });
const WEEK_MS = 7 * 24 * 3600 * 1000;

let bus: RedisBus;
let redis: Redis;

beforeAll(() => {
  bus = new RedisBus(REDIS_URL, prefix);
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await bus.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

test("the replay buffer holds at most REPLAY_BUFFER_BYTES; resuming from a dropped event asks for a snapshot", async () => {
  const ids: string[] = [];
  const big = "x".repeat(32 * 1024);
  for (let i = 0; i < 100; i++) ids.push(await bus.append("bytes", chat(big)));
  const stats = (await bus.stats(["bytes"])).logs.bytes!;
  expect(stats.bytes).toBeLessThanOrEqual(REPLAY_BUFFER_BYTES);
  expect(stats.events).toBeLessThan(100);
  expect(stats.events).toBeGreaterThan(REPLAY_BUFFER_BYTES / (64 * 1024));
  // The counter matches what the stream holds.
  const tail = await bus.tail("bytes");
  expect(tail.map((e) => e.id)).toEqual(ids.slice(-stats.events));
  expect(stats.bytes).toBe(tail.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e.event)), 0));
  expect(await bus.since("bytes", ids[0]!)).toBeNull();
  expect((await bus.since("bytes", ids.at(-3)!))!.map((e) => e.id)).toEqual(ids.slice(-2));
  // Keys of a running party expire a week after the last write.
  const ttl = await redis.pttl(`${prefix}:party:bytes:events`);
  expect(ttl).toBeGreaterThan(WEEK_MS - 60_000);
  expect(ttl).toBeLessThanOrEqual(WEEK_MS);
});

test("a guarded append (voice) is refused when another voice change came after what the writer had seen; other events do not count; an ended party's guard goes", async () => {
  const PARTY = "guarded";
  const [, , , third] = await checkAppendGuard(bus, PARTY);
  expect(await redis.get(`${prefix}:party:${PARTY}:guard:voice`)).toBe(third);
  await bus.discard(PARTY);
  expect(await redis.exists(`${prefix}:party:${PARTY}:guard:voice`)).toBe(0);
});

test("the replay buffer still holds at most REPLAY_BUFFER_EVENTS small events", async () => {
  for (let i = 0; i < REPLAY_BUFFER_EVENTS + 30; i++) await bus.append("count", chat(`m${i}`));
  expect(await redis.xlen(`${prefix}:party:count:events`)).toBe(REPLAY_BUFFER_EVENTS);
});

test("an ended party: log expires within a minute, presence and memberships go, appends are refused", async () => {
  await bus.append("gone", chat("hello"));
  await bus.setPresence("gone", { members: ["a"], hostOnline: true });
  await bus.setMembership("gone", "a", true);
  await bus.discard("gone");

  const logTtl = await redis.pttl(`${prefix}:party:gone:events`);
  expect(logTtl).toBeGreaterThan(0);
  expect(logTtl).toBeLessThanOrEqual(60_000);
  expect(await redis.exists(`${prefix}:party:gone:presence`, `${prefix}:party:gone:members`)).toBe(0);
  expect(await bus.membership("gone", "a")).toBeNull();
  await expect(bus.append("gone", chat("late"))).rejects.toBeInstanceOf(PartyEndedError);
  // The refused append did not extend the log's life.
  expect(await redis.pttl(`${prefix}:party:gone:events`)).toBeLessThanOrEqual(60_000);
});

test("memberships are shared through Redis: a recorded join or leave wins over a later database answer", async () => {
  const other = new RedisBus(REDIS_URL, prefix);
  try {
    expect(await other.membership("m", "a")).toBeNull();
    await bus.rememberMembership("m", "a", true);
    expect(await other.membership("m", "a")).toBe(true);
    await bus.setMembership("m", "a", false);
    await other.rememberMembership("m", "a", true); // a stale read racing the leave
    expect(await other.membership("m", "a")).toBe(false);
    await other.setMembership("m", "a", true);
    expect(await bus.membership("m", "a")).toBe(true);
  } finally {
    await other.close();
  }
});

/**
 * GET /api/v1/metrics on the real app (PostgreSQL + Redis): it does not exist without VP_METRICS_TOKEN,
 * refuses without the token or with a wrong one, and serves Prometheus text in which a party's
 * commands show: the command histogram, events delivered to streams, their delivery latency, the open
 * stream, the database pool, Redis round trips and a rate-limit refusal by route.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { startApp, type RunningApp } from "./helpers/app";
import { TEST_REDIS_URL } from "./helpers/cluster";
import { api, command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

const TOKEN = `metrics-${randomBytes(16).toString("hex")}`;
const prefix = `vp_metrics_${randomBytes(4).toString("hex")}`;
let pg: TestDatabase;
let app: RunningApp;
let plain: RunningApp;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  pg = await createTestDatabase("vp_metrics");
  [app, plain] = await Promise.all([
    startApp({ env: { DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, VP_REDIS_PREFIX: prefix, VP_HOST_GRACE_MS: "600000", VP_METRICS_TOKEN: TOKEN } }),
    startApp({ env: { DATABASE_URL: undefined, REDIS_URL: undefined, VP_METRICS_TOKEN: undefined } }),
  ]);
});

afterAll(async () => {
  for (const s of streams.splice(0)) s.close();
  await Promise.all([app?.stop(), plain?.stop()]);
  await pg?.drop();
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

function metrics(base: string, authorization?: string): Promise<Response> {
  return fetch(`${base}/api/v1/metrics`, { headers: authorization === undefined ? {} : { Authorization: authorization } });
}

async function scrape(): Promise<string> {
  const res = await metrics(app.baseUrl, `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (`name{labels} value`), 0 when the exposition has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(",") : [];
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

test("without VP_METRICS_TOKEN there is no metrics endpoint: 404 as for any unknown API path", async () => {
  const res = await metrics(plain.baseUrl, `Bearer ${TOKEN}`);
  expect(res.status).toBe(404);
  const unknown = await fetch(`${plain.baseUrl}/api/v1/no-such-endpoint`);
  expect(await res.json()).toMatchObject({ code: "not_found", detail: expect.any(String) });
  expect(unknown.status).toBe(404);
});

test("the token is required: none (or another scheme) is a 401, a wrong one a 403, both with {detail, code}", async () => {
  for (const authorization of [undefined, `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`, "Bearer"]) {
    const res = await metrics(app.baseUrl, authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await res.json()).toMatchObject({ code: "unauthorized", detail: expect.any(String) });
  }
  for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer metrics"]) {
    const res = await metrics(app.baseUrl, wrong);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe("forbidden");
    expect(JSON.stringify(body)).not.toContain(TOKEN);
  }
});

test("Prometheus text, never cached, with the process's default metrics", async () => {
  const res = await metrics(app.baseUrl, `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  expect(text).toMatch(/^# HELP viewparty_process_cpu_user_seconds_total /m);
  expect(text).toMatch(/^# TYPE viewparty_command_duration_seconds histogram$/m);
  // PostgreSQL's pool has opened connections (the app migrated and answered its readiness check).
  expect(sample(text, "viewparty_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
  expect(sample(text, "viewparty_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
  expect(sample(text, "viewparty_redis_round_trip_seconds_count")).toBeGreaterThan(0);
  expect(sample(text, "viewparty_draining")).toBe(0);
});

test("a party's commands move the counters: commands by outcome, events delivered and their latency, open streams, refusals", async () => {
  const before = await scrape();
  const host = await guestToken(app.baseUrl, "Metrics Host");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Metrics Guest");
  const { stream } = await openMemberStream(app.baseUrl, party.id, guest, streams);

  for (let cid = 1; cid <= 3; cid += 1) expect((await command(app.baseUrl, party.id, host, { type: "seek", position: cid * 10, cid })).status).toBe(200);
  // A guest may not seek for everyone: refused (403), counted as such.
  expect((await command(app.baseUrl, party.id, guest, { type: "seek", position: 99, cid: 1 })).status).toBe(403);
  await stream.waitFor((data) => data.type === "playback" && (data as { cid?: number }).cid === 3);

  const during = await scrape();
  const delta = (name: string, labels?: Record<string, string>) => sample(during, name, labels) - sample(before, name, labels);
  expect(delta("viewparty_command_duration_seconds_count", { outcome: "ok" })).toBe(3);
  expect(delta("viewparty_command_duration_seconds_count", { outcome: "refused" })).toBe(1);
  expect(delta("viewparty_command_duration_seconds_sum", { outcome: "ok" })).toBeGreaterThan(0);
  expect(delta("viewparty_events_delivered_total")).toBeGreaterThanOrEqual(3);
  expect(delta("viewparty_delivery_latency_seconds_count")).toBeGreaterThanOrEqual(3);
  expect(sample(during, "viewparty_event_streams_open", { stream: "party" })).toBe(1);
  expect(sample(during, "viewparty_live_parties")).toBeGreaterThanOrEqual(1);
  expect(sample(during, "viewparty_parties_served")).toBeGreaterThanOrEqual(1);

  // Party creation allows 10 a minute per caller (invalid bodies spend it too): the 11th is refused.
  const spender = await guestToken(app.baseUrl, "Metrics Limit");
  for (let i = 0; i < 11; i += 1) await api(app.baseUrl, "POST", "/api/v1/parties", spender, {});
  const limited = await scrape();
  const refusals = (text: string) => sample(text, "viewparty_rate_limit_refusals_total", { limit: "api", route: "POST /api/v1/parties" });
  expect(refusals(limited) - refusals(during)).toBe(1);

  stream.close();
  // The stream's end is seen by the server when the connection closes.
  for (let i = 0; i < 40 && sample(await scrape(), "viewparty_event_streams_open", { stream: "party" }) !== 0; i += 1) await new Promise((r) => setTimeout(r, 100));
  expect(sample(await scrape(), "viewparty_event_streams_open", { stream: "party" })).toBe(0);
});

/**
 * Scale-out: with REDIS_URL set, two app instances on one PostgreSQL database and one Redis count
 * sign-in attempts together, so a guesser spreading attempts over the instances behind a load
 * balancer still meets the per-account limit (counted per instance it would get one budget each).
 */
import { Redis } from "ioredis";
import { SIGN_IN_RATE_LIMIT } from "@/lib/constants";
import { Client, uniqueName, type RunningApp } from "./helpers/app";
import { startCluster, TEST_REDIS_URL, type Cluster } from "./helpers/cluster";

jest.setTimeout(120_000);

let cluster: Cluster;
let a: RunningApp;
let b: RunningApp;

beforeAll(async () => {
  // Behind the (imagined) load balancer, the client's address comes from X-Forwarded-For.
  cluster = await startCluster("vp_limits", { VP_TRUST_PROXY: "1" });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.stop();
});

test("failed sign-ins spread over two instances share one per-account limit", async () => {
  const username = uniqueName("spread");
  expect((await new Client(a.baseUrl).signUp(username, "correct-horse-battery")).status).toBe(200);
  const from = { "X-Forwarded-For": "192.0.2.7" };

  // Half on each instance, sent together so that all fall inside one limit window on a slow machine.
  const guesses = Array.from({ length: SIGN_IN_RATE_LIMIT.max }, (_, i) =>
    new Client((i % 2 === 0 ? a : b).baseUrl).post("/api/auth/sign-in/username", { username, password: `wrong-${i}-password` }, from),
  );
  for (const res of await Promise.all(guesses)) expect(res.status).toBe(401);
  for (const instance of [a, b]) {
    const res = await new Client(instance.baseUrl).post("/api/auth/sign-in/email", { email: `${username}@example.test`, password: "correct-horse-battery" }, from);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(((await res.json()) as { code: string }).code).toBe("rate_limited");
  }

  // The counts live in Redis under the deployment's prefix.
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${cluster.redisPrefix}:rl:*`);
  await redis.quit();
  expect(keys.length).toBeGreaterThan(0);
});

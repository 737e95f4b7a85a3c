/**
 * When the chat bots are reconciled unasked. With the embedded database nothing but this process
 * writes it (each change sweeps at once), so no timer runs a query every few seconds on an idle
 * server; a shared PostgreSQL or Redis (claims to renew, changes made through another instance)
 * needs the periodic sweep.
 */
import { periodicSweepMs } from "@/lib/server/twitch-bot/sweep-schedule";

const every = 10_000;

test("the embedded database alone: no periodic sweep", () => {
  expect(periodicSweepMs({ DATABASE_URL: undefined, REDIS_URL: undefined, VP_TWITCH_BOT_SWEEP_MS: every })).toBeNull();
});

test("a shared database or Redis: a sweep every VP_TWITCH_BOT_SWEEP_MS", () => {
  expect(periodicSweepMs({ DATABASE_URL: "postgres://127.0.0.1/vp", REDIS_URL: undefined, VP_TWITCH_BOT_SWEEP_MS: every })).toBe(every);
  expect(periodicSweepMs({ DATABASE_URL: undefined, REDIS_URL: "redis://127.0.0.1:6379", VP_TWITCH_BOT_SWEEP_MS: every })).toBe(every);
  expect(periodicSweepMs({ DATABASE_URL: "postgres://127.0.0.1/vp", REDIS_URL: "redis://127.0.0.1:6379", VP_TWITCH_BOT_SWEEP_MS: 300 })).toBe(300);
});

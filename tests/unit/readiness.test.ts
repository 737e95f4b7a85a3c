/**
 * Readiness while the instance drains: refused at once with the draining code (no database or Redis
 * round trip: the draining instance is leaving, whatever they say), so the proxy stops sending it work.
 */
import { lifecycle, startDraining } from "@/lib/server/lifecycle";
import { readiness } from "@/lib/server/readiness";

afterEach(() => {
  lifecycle().drainingSince = null;
});

test("a draining instance is not ready: 503's body names draining, with a Retry-After", async () => {
  await startDraining();
  const refusal = await readiness();
  expect(refusal).toMatchObject({ body: { code: "draining", unavailable: ["draining"], detail: expect.stringMatching(/shutting down/) } });
  expect(refusal!.retryAfterSeconds).toBeGreaterThan(0);
});

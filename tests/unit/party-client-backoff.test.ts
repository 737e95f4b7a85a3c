/**
 * The party client's one reconnection delay (event stream and command socket): exponential, capped,
 * never sooner than the server's Retry-After, jittered ±25 %.
 */
import { backoffDelay } from "@/lib/party-client/backoff";

const mid = () => 0.5; // no jitter: × 1
const options = { minMs: 500, maxMs: 10_000, random: mid };

describe("backoffDelay", () => {
  it("doubles from the least delay on each failed attempt, up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, options))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("waits at least as long as the server asked (Retry-After), even on a first attempt", () => {
    expect(backoffDelay(1, options, 5000)).toBe(5000);
    expect(backoffDelay(6, options, 5000)).toBe(10_000);
  });

  it("spreads clients over ±25 % so a restarted server is not hit in one instant", () => {
    expect(backoffDelay(2, { ...options, random: () => 0 })).toBe(750);
    expect(backoffDelay(2, { ...options, random: () => 0.999_999 })).toBeCloseTo(1250, 2);
  });
});

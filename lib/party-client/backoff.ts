/**
 * The one reconnection delay of the party client (event stream and command socket): exponential from
 * `minMs`, capped at `maxMs`, never sooner than a server's own Retry-After, and jittered ±25 % so that
 * after a server restart its clients do not all come back in the same instant.
 */
export interface BackoffOptions {
  minMs: number;
  maxMs: number;
  /** Source of randomness in [0, 1) (tests pass a fixed one). */
  random?: () => number;
}

/** The delay (ms) before attempt number `attempt` (1: the first retry), at least `notBeforeMs`. */
export function backoffDelay(attempt: number, { minMs, maxMs, random = Math.random }: BackoffOptions, notBeforeMs = 0): number {
  const exponential = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(exponential, notBeforeMs) * (0.75 + random() * 0.5);
}

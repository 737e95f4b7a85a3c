/**
 * A one-way network path with jittered delay. `ordered` models a TCP stream (an SSE connection): a
 * message never overtakes the previous one, so a short delay can queue behind a long one.
 */
import type { Rng } from "./rng";
import type { Scheduler } from "./scheduler";

export interface LinkOptions {
  minDelayMs: number;
  maxDelayMs: number;
  ordered: boolean;
}

export class SimLink {
  private lastDelivery = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly rng: Rng,
    public options: LinkOptions,
  ) {}

  send(deliver: () => void): void {
    const { minDelayMs, maxDelayMs, ordered } = this.options;
    let at = this.scheduler.now + this.rng.uniform(minDelayMs, maxDelayMs);
    if (ordered) at = Math.max(at, this.lastDelivery);
    this.lastDelivery = at;
    this.scheduler.at(at, deliver);
  }
}

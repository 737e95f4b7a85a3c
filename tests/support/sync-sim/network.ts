/**
 * A one-way network path with jittered delay. `ordered` models a TCP stream (an SSE connection): a
 * message never overtakes the previous one, so a short delay can queue behind a long one.
 *
 * Packet loss is modelled the way TCP shows it to an application: nothing is lost, a lost segment is
 * retransmitted after the retransmission timeout (doubling on every further loss), and on an ordered
 * stream everything behind it waits too (head-of-line blocking).
 */
import type { Rng } from "./rng";
import type { Scheduler } from "./scheduler";

export interface LinkOptions {
  minDelayMs: number;
  maxDelayMs: number;
  ordered: boolean;
  /** Probability that a message's segment is lost (and each retransmission of it). */
  lossRate: number;
  /** First retransmission timeout (ms); Linux's minimum RTO is 200 ms. */
  rtoMs: number;
  /** Probability that a message is held up by an extra `spikeMinMs`–`spikeMaxMs` (a stalled proxy, a busy server). */
  spikeRate: number;
  spikeMinMs: number;
  spikeMaxMs: number;
}

export const DEFAULT_LINK: Omit<LinkOptions, "ordered"> = {
  minDelayMs: 20,
  maxDelayMs: 80,
  lossRate: 0,
  rtoMs: 200,
  spikeRate: 0,
  spikeMinMs: 0,
  spikeMaxMs: 0,
};

export class SimLink {
  private lastDelivery = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly rng: Rng,
    public options: LinkOptions,
  ) {}

  /** Delivery time of a message sent now (true ms). */
  send(deliver: () => void): number {
    const { minDelayMs, maxDelayMs, ordered, lossRate, rtoMs, spikeRate, spikeMinMs, spikeMaxMs } = this.options;
    let at = this.scheduler.now + this.rng.uniform(minDelayMs, maxDelayMs);
    if (spikeRate > 0 && this.rng.next() < spikeRate) at += this.rng.uniform(spikeMinMs, spikeMaxMs);
    let rto = rtoMs;
    for (let tries = 0; tries < 8 && lossRate > 0 && this.rng.next() < lossRate; tries++) {
      at += rto;
      rto *= 2;
    }
    if (ordered) at = Math.max(at, this.lastDelivery);
    this.lastDelivery = at;
    this.scheduler.at(at, deliver);
    return at;
  }
}

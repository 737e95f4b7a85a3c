/**
 * Timers that run only when a test moves time on (unit tests): the `timers` option of PartyConnection
 * and CommandSocket. `delays` shows what is scheduled, so a test can read a backoff without waiting.
 */
import type { Timers } from "@/lib/party-client/command-socket";

export class ManualTimers implements Timers {
  now = 0;
  private queue: { at: number; ms: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  setTimeout = (fn: () => void, ms: number): number => {
    const id = this.nextId++;
    this.queue.push({ at: this.now + ms, ms, fn, id });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.queue = this.queue.filter((timer) => timer.id !== handle);
  };

  /** The delays (as scheduled) of the timers still to run, earliest first. */
  get delays(): number[] {
    return [...this.queue].sort((a, b) => a.at - b.at).map((timer) => timer.ms);
  }

  /** Moves time on by `ms`, running each timer that falls due, in order (including ones they schedule). */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.queue].sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next || next.at > until) break;
      this.queue = this.queue.filter((timer) => timer !== next);
      this.now = next.at;
      next.fn();
    }
    this.now = until;
  }
}

/** A discrete-event scheduler over simulated ("true") time in ms. */
interface Entry {
  at: number;
  order: number;
  run: () => void;
  cancelled: boolean;
}

export interface Timer {
  cancel(): void;
}

export class Scheduler {
  private heap: Entry[] = [];
  private order = 0;
  private time = 0;

  get now(): number {
    return this.time;
  }

  /** Run `run` at time `at` (not before now); same-time entries run in scheduling order. */
  at(at: number, run: () => void): Timer {
    const entry: Entry = { at: Math.max(at, this.time), order: this.order++, run, cancelled: false };
    this.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  }

  after(delayMs: number, run: () => void): Timer {
    return this.at(this.time + delayMs, run);
  }

  /** Run every `periodMs` starting at `start`. */
  every(periodMs: number, start: number, run: () => void): Timer {
    let cancelled = false;
    const loop = (t: number): void => {
      this.at(t, () => {
        if (cancelled) return;
        run();
        loop(t + periodMs);
      });
    };
    loop(start);
    return { cancel: () => void (cancelled = true) };
  }

  /** Process every event up to and including time `end`; the clock then reads `end`. */
  runUntil(end: number): void {
    for (;;) {
      const top = this.heap[0];
      if (!top || top.at > end) break;
      this.pop();
      this.time = top.at;
      if (!top.cancelled) top.run();
    }
    this.time = Math.max(this.time, end);
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  private push(entry: Entry): void {
    const h = this.heap;
    h.push(entry);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

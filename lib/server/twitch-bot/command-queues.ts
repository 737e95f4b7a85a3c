/**
 * The two queues that keep the chat bot fair and quiet when chat floods it, with no network or
 * database of their own (unit-tested directly):
 * - `FairQueue`: the adds waiting for the database, a few per viewer and a bounded number in all,
 *   taken in turn across viewers, so one viewer's backlog never stands in front of another's add.
 * - `ReplyOutbox`: what the bot has to say, sent one message at a time (Twitch lets a bot that is
 *   not a moderator send about one a second, and the chat library queues the rest without bound).
 *   Confirmations of adds go before refusals, and only the newest few refusals wait: an answer to a
 *   line written half a minute ago is noise, and a backlog of them would keep the bot talking (and
 *   confirmations waiting) long after the flood ended.
 */

export type QueuePush = "queued" | "viewer_full" | "full";

export class FairQueue<T> {
  /** Waiting items per key; the Map's order is the turn order (a key served goes to the back). */
  private readonly byKey = new Map<string, T[]>();
  private size = 0;

  constructor(
    private readonly perKey: number,
    private readonly total: number,
  ) {}

  get length(): number {
    return this.size;
  }

  push(key: string, item: T): QueuePush {
    const items = this.byKey.get(key);
    if (items && items.length >= this.perKey) return "viewer_full";
    if (this.size >= this.total) return "full";
    if (items) items.push(item);
    else this.byKey.set(key, [item]);
    this.size += 1;
    return "queued";
  }

  /** The next item: the first key in turn gives its oldest item and, if it has more, goes to the back. */
  shift(): { key: string; item: T } | undefined {
    const first = this.byKey.entries().next();
    if (first.done) return undefined;
    const [key, items] = first.value;
    const item = items.shift() as T;
    this.byKey.delete(key);
    if (items.length > 0) this.byKey.set(key, items);
    this.size -= 1;
    return { key, item };
  }

  clear(): void {
    this.byKey.clear();
    this.size = 0;
  }
}

export interface OutboxLimits {
  /** Confirmations waiting at most (the oldest is dropped past it). */
  confirmations: number;
  /** Refusals waiting at most (the oldest is dropped past it). */
  refusals: number;
}

export class ReplyOutbox {
  private readonly confirmations: string[] = [];
  private readonly refusals: string[] = [];
  private sending = false;

  constructor(
    /** Sends one message; the next is sent only once this settles. */
    private readonly send: (text: string) => Promise<void>,
    private readonly limits: OutboxLimits,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Messages waiting (not counting the one being sent). */
  get waiting(): number {
    return this.confirmations.length + this.refusals.length;
  }

  confirm(text: string): void {
    this.enqueue(this.confirmations, this.limits.confirmations, text);
  }

  refuse(text: string): void {
    this.enqueue(this.refusals, this.limits.refusals, text);
  }

  clear(): void {
    this.confirmations.length = 0;
    this.refusals.length = 0;
  }

  private enqueue(list: string[], limit: number, text: string): void {
    if (limit <= 0) return;
    list.push(text);
    if (list.length > limit) list.shift();
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (let text = this.next(); text !== undefined; text = this.next()) {
        try {
          await this.send(text);
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private next(): string | undefined {
    return this.confirmations.shift() ?? this.refusals.shift();
  }
}

/**
 * A minimal SSE client over fetch (what the extension does too): keeps every event with its id,
 * lets a test wait for a matching one, and can be dropped mid-stream to test resume.
 */
import { createParser } from "eventsource-parser";

export interface SseEvent<T = unknown> {
  id: string | null;
  /** The frame's `event:` name (null for the default "message": every party event). */
  event: string | null;
  data: T;
}

export class SseClient<T = Record<string, unknown>> {
  readonly events: SseEvent<T>[] = [];
  private controller = new AbortController();
  private waiters: { match: (e: SseEvent<T>) => boolean; resolve: (e: SseEvent<T>) => void }[] = [];
  status = 0;
  /** How the stream ended: its response finished, or it was cut (aborted, reset); null while open. */
  ending: "finished" | "cut" | null = null;
  /** The response's headers. */
  readonly headers: Headers;
  done: Promise<void>;

  private constructor(res: Response, controller: AbortController) {
    this.controller = controller;
    this.status = res.status;
    this.headers = res.headers;
    this.done = this.pump(res);
  }

  static async open<T = Record<string, unknown>>(url: string, headers: Record<string, string> = {}): Promise<SseClient<T>> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal });
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => "");
      throw Object.assign(new Error(`SSE ${res.status}: ${text}`), { status: res.status, body: text });
    }
    return new SseClient<T>(res, controller);
  }

  private async pump(res: Response): Promise<void> {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // Comments (the server's heartbeats) and the retry hint carry no event; only data frames are kept.
    const parser = createParser({
      onEvent: (message) => {
        const event = { id: message.id ?? null, event: message.event ?? null, data: JSON.parse(message.data) as T };
        this.events.push(event);
        this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
      },
    });
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          this.ending = "finished";
          return;
        }
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted, or the connection was cut
      this.ending = "cut";
    }
  }

  /** Resolves with the first event (already received or future) that matches. */
  waitFor(match: (data: T, event: SseEvent<T>) => boolean, timeoutMs = 10_000): Promise<SseEvent<T>> {
    const found = this.events.find((e) => match(e.data, e));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching SSE event in ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.data))}`)), timeoutMs);
      this.waiters.push({
        match: (e) => match(e.data, e),
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  get lastId(): string | null {
    return this.events.at(-1)?.id ?? null;
  }

  close(): void {
    this.controller.abort();
  }
}

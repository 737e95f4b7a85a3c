/** Incremental parser for a text/event-stream body (WHATWG "event stream interpretation"). */

export interface SseMessage {
  /** The last event id seen so far (ids persist across events, as in EventSource). */
  lastEventId: string | null;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private eventType = "";
  private lastId: string | null;

  constructor(lastEventId: string | null = null) {
    this.lastId = lastEventId;
  }

  get lastEventId(): string | null {
    return this.lastId;
  }

  /** Feed decoded text; returns the messages completed by it. */
  push(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (match[0] === "\r" && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === "") {
      if (this.data.length === 0) {
        this.eventType = "";
        return null;
      }
      const message = { lastEventId: this.lastId, event: this.eventType || "message", data: this.data.join("\n") };
      this.data = [];
      this.eventType = "";
      return message;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventType = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    return null;
  }
}

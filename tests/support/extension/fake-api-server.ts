/**
 * A scriptable stand-in for the ViewParty API as a `fetch` function (unit tests): routes answer JSON,
 * and SSE requests get a stream the test writes events into.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Route = (req: RecordedRequest) => Response | Promise<Response>;

export class SseStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  readonly body: ReadableStream<Uint8Array>;
  closed = false;

  constructor(signal?: AbortSignal | null) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    signal?.addEventListener("abort", () => this.close(new DOMException("aborted", "AbortError")));
  }

  send(id: string, data: unknown): void {
    if (!this.closed) this.controller.enqueue(this.encoder.encode(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`));
  }

  /** Writes wire text as it is: a test can split frames anywhere or use other line ends. */
  raw(text: string): void {
    if (!this.closed) this.controller.enqueue(this.encoder.encode(text));
  }

  comment(text = "heartbeat"): void {
    if (!this.closed) this.controller.enqueue(this.encoder.encode(`: ${text}\n\n`));
  }

  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    if (error) this.controller.error(error);
    else this.controller.close();
  }
}

export class FakeApiServer {
  readonly requests: RecordedRequest[] = [];
  readonly streams: SseStream[] = [];
  private readonly routes: { method: string; path: string | RegExp; route: Route }[] = [];
  /** When false, every request fails like an unreachable server. */
  reachable = true;

  on(method: string, path: string | RegExp, route: Route): this {
    this.routes.unshift({ method, path, route });
    return this;
  }

  json(method: string, path: string | RegExp, body: unknown, status = 200): this {
    return this.on(method, path, () => Response.json(body, { status }));
  }

  /** Every GET …/events opens a new stream (pushed to `streams`). */
  sse(path: RegExp, onOpen?: (stream: SseStream, req: RecordedRequest) => void): this {
    return this.on("GET", path, (req) => {
      const stream = new SseStream((req as RecordedRequest & { signal?: AbortSignal }).signal);
      this.streams.push(stream);
      onOpen?.(stream, req);
      return new Response(stream.body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
    });
  }

  readonly fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (!this.reachable) throw new TypeError("Failed to fetch");
    const url = new URL(input);
    const req: RecordedRequest & { signal?: AbortSignal } = {
      method: init.method ?? "GET",
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init.signal ?? undefined,
    };
    this.requests.push(req);
    const match = this.routes.find((r) => r.method === req.method && (typeof r.path === "string" ? r.path === url.pathname : r.path.test(url.pathname)));
    if (!match) return Response.json({ detail: "Not found", code: "not_found" }, { status: 404 });
    return match.route(req);
  };
}

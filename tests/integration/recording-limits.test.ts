/**
 * A recording's size is bounded and its timeline is read in bounded pages, against the real app.
 * A host drawing 2 000-point strokes at the command limit once grew a recording by ~38 MB a minute,
 * and every read loaded it whole. Here, with small limits: the stroke that would pass the recording's
 * byte limit stops it (everyone is told why, what fits is kept); past the per-minute budget drawings
 * and chat are left out for the rest of the minute while playback still goes in (and the room is told);
 * the timeline comes in pages of at most VP_RECORDING_PAGE_BYTES that together are the whole
 * recording; and a read past VP_RECORDING_READS_MAX at once (one still being sent to a reader that
 * stopped reading) is refused with 503 and Retry-After.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { RecordedEntry } from "@/lib/sync";
import { Client, uniqueName } from "./helpers/app";
import { api, command, createParty, guestToken, livePartyApp, okJson, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

const YOUTUBE = { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Drawn over" };
const MAX_BYTES = 256 * 1024;
const PAGE_BYTES = 128 * 1024;
const PER_MINUTE = 64 * 1024;

/** A stroke of 2 000 points (4 decimals each, as the server keeps them): ~32 KB stored. */
function bigStroke(id: string) {
  const points = Array.from({ length: 2000 }, (_, i) => [Number((0.1 + (i % 800) / 1000).toFixed(4)), Number((0.1 + ((i * 7) % 800) / 1000).toFixed(4))]);
  return { id, points, color: "#ff00aa", width: 0.01 };
}

/** What a socket pair may hold of an answer nobody reads: the sender's largest send buffer and the receiver's first receive buffer (Linux; 4 MB + 128 KB where unknown). */
function socketBytes(): number {
  const third = (file: string, index: number, fallback: number) => {
    try {
      return Number(readFileSync(file, "utf8").trim().split(/\s+/)[index]) || fallback;
    } catch {
      return fallback;
    }
  };
  return third("/proc/sys/net/ipv4/tcp_wmem", 2, 4 * 1024 * 1024) + third("/proc/sys/net/ipv4/tcp_rmem", 1, 128 * 1024);
}

/** How many of bigStroke's strokes make more than `bytes`. */
const strokesOver = (bytes: number) => Math.ceil(bytes / Buffer.byteLength(JSON.stringify(bigStroke("c000")))) + 1;

/**
 * Sends a command, waiting out the party's command budget (200 per 10 s) when a run of strokes
 * spends it: the 429 says when to come back.
 */
async function withinBudget(send: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const res = await send();
    if (res.status !== 429) return res;
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get("retry-after") ?? "1") * 1000));
  }
}

const entryBytes = (entries: readonly RecordedEntry[]) => entries.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)) + 1, 0);

interface Page {
  started_at: number;
  ended_at: number;
  start: unknown;
  entries: RecordedEntry[];
  page_bytes: number;
  size_bytes: number;
  next_cursor: string | null;
}

function recordingApp(env: Record<string, string>) {
  const live = livePartyApp(env);

  async function account(prefix: string): Promise<string> {
    const res = await new Client(live.baseUrl).signUp(uniqueName(prefix));
    expect(res.status).toBe(200);
    return res.headers.get("set-auth-token")!;
  }

  const stream = async (partyId: string, token: string): Promise<SseClient<Ev>> => (await live.join(partyId, token)).stream;
  const ok = okJson;

  /** A host recording a YouTube party, with a guest watching. */
  async function recordingParty() {
    const host = await account("lim_host");
    const party = await createParty(live.baseUrl, host, YOUTUBE);
    await stream(party.id, host);
    const guest = await guestToken(live.baseUrl, "Guest Gil");
    const guestStream = await stream(party.id, guest);
    const started = await ok(await command(live.baseUrl, party.id, host, { type: "recording.start" }));
    const recordingId = started.recordingId as string;
    await guestStream.waitFor((e) => e.type === "recording" && (e.recording as { id: string } | null)?.id === recordingId);
    return { host, guest, partyId: party.id, guestStream, recordingId, ok };
  }

  /** The recording once its recorder has written everything (status "ready"). */
  async function readyRecording(id: string, token: string): Promise<{ entry_count: number; size_bytes: number; status: string }> {
    for (;;) {
      const body = (await (await api(live.baseUrl, "GET", `/api/v1/recordings/${id}`, token)).json()) as { entry_count: number; size_bytes: number; status: string };
      if (body.status === "ready") return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { live, recordingParty, readyRecording };
}

describe("a recording's byte limit and pages", () => {
  const { live, recordingParty, readyRecording } = recordingApp({
    VP_RECORDING_MAX_BYTES: String(MAX_BYTES),
    VP_RECORDING_PAGE_BYTES: String(PAGE_BYTES),
  });

  test("the stroke that would pass the recording's byte limit stops it; everyone is told why and what fit is kept", async () => {
    const { host, partyId, guestStream, recordingId, ok } = await recordingParty();
    for (let i = 0; i < 12; i += 1) await ok(await command(live.baseUrl, partyId, host, { type: "draw.stroke", stroke: bigStroke(`s${i}`) }));

    const stop = await guestStream.waitFor((e) => e.type === "recording" && e.recording === null);
    expect(stop.data.stopped).toEqual({ id: recordingId, reason: "size" });
    // It is over: the host has nothing to stop, and the drawing went on live all the same.
    expect((await command(live.baseUrl, partyId, host, { type: "recording.stop" })).status).toBe(409);
    await guestStream.waitFor((e) => e.type === "draw.stroke" && (e.stroke as { id: string }).id === "s11");

    const recording = await readyRecording(recordingId, host);
    expect(recording.size_bytes).toBeLessThanOrEqual(MAX_BYTES);
    // Filled up to the limit: the next ~32 KB stroke did not fit.
    expect(recording.size_bytes).toBeGreaterThan(MAX_BYTES - 40 * 1024);
    // The strokes that fit, in order, and not all twelve.
    const page = (await (await api(live.baseUrl, "GET", `/api/v1/recordings/${recordingId}/timeline`, host)).json()) as Page;
    const strokeIds = page.entries.flatMap((e) => (e.event.type === "draw.stroke" ? [e.event.stroke.id] : []));
    expect(strokeIds).toEqual(Array.from({ length: strokeIds.length }, (_, i) => `s${i}`));
    expect(strokeIds.length).toBeLessThan(12);
  });

  test("the timeline comes in pages of at most VP_RECORDING_PAGE_BYTES that together are the whole recording", async () => {
    const { host, partyId, recordingId, ok } = await recordingParty();
    // ~220 KB: within the recording's limit, more than one page.
    for (let i = 0; i < 8; i += 1) await ok(await command(live.baseUrl, partyId, host, { type: "draw.stroke", stroke: bigStroke(`s${i}`) }));
    await ok(await command(live.baseUrl, partyId, host, { type: "recording.stop" }));
    const recording = await readyRecording(recordingId, host);
    const [id, token, entryCount, sizeBytes] = [recordingId, host, recording.entry_count, recording.size_bytes];
    const base = `/api/v1/recordings/${id}/timeline`;
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res: Response = await api(live.baseUrl, "GET", cursor === null ? base : `${base}?cursor=${cursor}`, token);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor != null);

    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(entryBytes(page.entries)).toBeLessThanOrEqual(PAGE_BYTES);
      expect(page.size_bytes).toBe(sizeBytes);
    }
    // The start state comes once, with the first page.
    expect(pages[0]!.start).not.toBeNull();
    expect(pages.slice(1).every((page) => page.start === null)).toBe(true);
    const entries = pages.flatMap((page) => page.entries);
    expect(entries).toHaveLength(entryCount);
    expect(entries.flatMap((e) => (e.event.type === "draw.stroke" ? [e.event.stroke.id] : []))).toEqual(Array.from({ length: 8 }, (_, i) => `s${i}`));
    expect(pages.reduce((sum, page) => sum + page.page_bytes, 0)).toBe(sizeBytes);

    // A cursor that no page gave is a clear 422.
    for (const bad of ["abc", "-1", "1.5", "99999999999"]) {
      const res = await api(live.baseUrl, "GET", `${base}?cursor=${bad}`, token);
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^cursor: /);
    }
  });
});

describe("a recording's per-minute budget", () => {
  const { live, recordingParty, readyRecording } = recordingApp({ VP_RECORDING_MAX_BYTES_PER_MINUTE: String(PER_MINUTE) });

  test("past it, drawings and chat are left out for the rest of the minute (the room is told) while playback still goes in", async () => {
    const { host, guest, partyId, guestStream, recordingId, ok } = await recordingParty();
    // Two ~32 KB strokes fit in 64 KB; the third does not.
    for (let i = 0; i < 4; i += 1) await ok(await command(live.baseUrl, partyId, host, { type: "draw.stroke", stroke: bigStroke(`m${i}`) }));
    const limited = await guestStream.waitFor((e) => e.type === "recording" && (e.recording as { limitedUntil?: number } | null)?.limitedUntil !== undefined);
    const state = limited.data.recording as { id: string; startedAt: number; limitedUntil: number };
    expect(state.id).toBe(recordingId);
    // Until the end of the recording's first minute (the strokes came within it).
    expect(state.limitedUntil).toBe(state.startedAt + 60_000);

    await ok(await command(live.baseUrl, partyId, guest, { type: "chat", text: "not in the recording" }));
    await ok(await command(live.baseUrl, partyId, host, { type: "seek", position: 42, at: Date.now() }));
    await guestStream.waitFor((e) => e.type === "playback" && (e.state as { position: number }).position === 42);
    await ok(await command(live.baseUrl, partyId, host, { type: "recording.stop" }));

    const recording = await readyRecording(recordingId, host);
    const page = (await (await api(live.baseUrl, "GET", `/api/v1/recordings/${recordingId}/timeline`, host)).json()) as Page;
    expect(page.next_cursor).toBeNull();
    expect(page.entries).toHaveLength(recording.entry_count);
    expect(page.entries.map((e) => (e.event.type === "draw.stroke" ? `stroke ${e.event.stroke.id}` : e.event.type === "playback" ? `playback ${e.event.state.position}` : e.event.type))).toEqual([
      "stroke m0",
      "stroke m1",
      "playback 42",
    ]);
    expect(recording.size_bytes).toBeLessThanOrEqual(PER_MINUTE + 1024);
  });
});

describe("concurrent timeline reads", () => {
  const { live, recordingParty, readyRecording } = recordingApp({
    VP_RECORDING_READS_MAX: "1",
    VP_RECORDING_PAGE_BYTES: String(16 * 1024 * 1024),
    VP_RECORDING_MAX_BYTES_PER_MINUTE: String(64 * 1024 * 1024),
  });

  test("a read past VP_RECORDING_READS_MAX at once is refused with 503 and Retry-After until the one in progress is sent", async () => {
    const { host, partyId, recordingId, ok } = await recordingParty();
    // One page, streamed in 256 KB chunks, larger than what the sockets between a reader that stops
    // reading and the server can hold: the reader's receive buffer stays at its first size when nothing
    // is read, but the server's send buffer grows up to tcp_wmem's maximum (4 MB here), and ~4.8 MB once
    // fitted in the run that found it (the server finished sending and gave the slot back). So the page
    // exceeds that maximum and the receive buffer's first size by 2 MB.
    const strokes = strokesOver(socketBytes() + 2 * 1024 * 1024);
    for (let i = 0; i < strokes; i += 1) await ok(await withinBudget(() => command(live.baseUrl, partyId, host, { type: "draw.stroke", stroke: bigStroke(`c${i}`) })));
    await ok(await withinBudget(() => command(live.baseUrl, partyId, host, { type: "recording.stop" })));
    const recording = await readyRecording(recordingId, host);
    expect(recording.entry_count).toBe(strokes);
    expect((await api(live.baseUrl, "PATCH", `/api/v1/recordings/${recordingId}`, host, { privacy: "public" })).status).toBe(200);
    const path = `/api/v1/recordings/${recordingId}/timeline`;

    // An anonymous reader takes the answer's head, then stops reading for a while.
    const slow = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${live.baseUrl}${path}`, (res) => {
        res.pause();
        resolve(res);
      }).on("error", reject);
    });
    expect(slow.statusCode).toBe(200);

    const busy = await api(live.baseUrl, "GET", path, null);
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await busy.json()) as { detail: string }).detail).toBe("Many recordings are being loaded right now. Please try again in a moment.");

    // The slow reader gets the whole page; then the slot is free again.
    const chunks: Buffer[] = [];
    slow.on("data", (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => slow.on("end", resolve).resume());
    const page = JSON.parse(Buffer.concat(chunks).toString()) as Page;
    expect(page.entries).toHaveLength(recording.entry_count);
    expect(page.next_cursor).toBeNull();
    const again = await api(live.baseUrl, "GET", path, null);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Page).entries).toHaveLength(recording.entry_count);
  });
});

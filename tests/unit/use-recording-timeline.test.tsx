/** @jest-environment jsdom */
/**
 * The replay page's timeline loader: it follows next_cursor page by page, shows how much of the
 * recording's size has come, waits out a 503 (the server is loading many recordings) and asks again,
 * and hands the replay every page's entries in order with the first page's start state.
 */
import { act, renderHook, waitFor } from "@testing-library/react";
import { useRecordingTimeline } from "@/lib/api/use-recordings";

const respond = (status: number, body: unknown) => ({
  status,
  ok: status >= 200 && status < 300,
  headers: new Headers({ "content-type": "application/json" }),
  text: async () => JSON.stringify(body),
});

const start = { media: { id: "m1", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Clip", duration: 100 }, playback: { mediaId: "m1", paused: true, position: 0, rate: 1, at: 1000, seq: 0 }, strokes: [], poll: null };
const entry = (at: number) => ({ at, event: { type: "draw.clear" } });
const page = (cursor: string | null, entries: unknown[], next: string | null) => ({
  started_at: 1000,
  ended_at: 9000,
  start: cursor === null ? start : null,
  entries,
  page_bytes: 100,
  size_bytes: 300,
  next_cursor: next,
});

afterEach(() => jest.useRealTimers());

test("pages are fetched in turn with progress; a 503 is waited out; the timeline is every page's entries", async () => {
  jest.useFakeTimers();
  const asked: string[] = [];
  let busyOnce = true;
  const pending: (() => void)[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const cursor = new URL(url, "http://x").searchParams.get("cursor");
    if (cursor === "2" && busyOnce) {
      busyOnce = false;
      return Promise.resolve(respond(503, { detail: "Many recordings are being loaded right now. Please try again in a moment." }));
    }
    const body = cursor === null ? page(null, [entry(1100)], "1") : cursor === "1" ? page("1", [entry(1200)], "2") : page("2", [entry(1300)], null);
    // The second page waits until the test lets it go, so the progress in between is seen.
    if (cursor === "1") return new Promise((resolve) => pending.push(() => resolve(respond(200, body))));
    return Promise.resolve(respond(200, body));
  }) as unknown as typeof fetch;

  const { result } = renderHook(() => useRecordingTimeline("rec 1"));
  await waitFor(() => expect(result.current.loaded).toBe(100));
  expect(result.current).toMatchObject({ timeline: null, total: 300, waiting: false });
  act(() => pending.shift()!());
  await waitFor(() => expect(result.current.waiting).toBe(true));
  expect(result.current.loaded).toBe(200);
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  await waitFor(() => expect(result.current.timeline).not.toBeNull());
  expect(result.current.timeline).toEqual({ startedAt: 1000, endedAt: 9000, start, entries: [entry(1100), entry(1200), entry(1300)] });
  expect(result.current).toMatchObject({ loaded: 300, total: 300, waiting: false, error: null });
  expect(asked).toEqual([
    "/api/v1/recordings/rec%201/timeline",
    "/api/v1/recordings/rec%201/timeline?cursor=1",
    "/api/v1/recordings/rec%201/timeline?cursor=2",
    "/api/v1/recordings/rec%201/timeline?cursor=2",
  ]);
});

test("a failed page (not a 503) is the loader's error, with the server's detail", async () => {
  global.fetch = jest.fn(async () => respond(404, { detail: "Recording not found." })) as unknown as typeof fetch;
  const { result } = renderHook(() => useRecordingTimeline("gone"));
  await waitFor(() => expect(result.current.error?.message).toBe("Recording not found."));
  expect(result.current.timeline).toBeNull();
});

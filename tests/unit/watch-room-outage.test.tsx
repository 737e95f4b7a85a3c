/** @jest-environment jsdom */
/**
 * The watch room while a service behind the server is down: joining answers 503 with Retry-After.
 * The room keeps its token (a 503 says nothing about who the viewer is), says "Reconnecting..." with
 * the server's reason, and joins once the server answers again. A signed-in visitor whose session the
 * server cannot check meanwhile is not offered the guest form.
 */
import { render, screen } from "@testing-library/react";
import { WatchRoom } from "@/components/watch-room/watch-room";
import { forgetRoomToken, sessionRoomToken, storedRoomToken } from "@/components/watch-room/room-access";
import { ApiClientError } from "@/lib/api/client";
import { SESSION_CHECK_UNAVAILABLE } from "@/lib/auth/session-exchange";
import { partyDetail } from "./helpers/party-detail";

jest.setTimeout(30_000);
jest.mock("@/components/watch-room/room-view", () => ({ RoomView: ({ token }: { token: string }) => <p>In the room as {token}</p> }));
jest.mock("@/lib/watch-room/load-youtube-api", () => ({ loadYouTubeApi: () => Promise.resolve() }));
jest.mock("@/components/watch-room/room-access", () => ({
  storedRoomToken: jest.fn(() => "stored-bearer"),
  sessionRoomToken: jest.fn(),
  forgetRoomToken: jest.fn(),
  guestRoomToken: jest.fn(),
}));

const DETAIL = partyDetail({ role: "guest" });
const DOWN = "The server can't reach its database right now. You are still signed in; retrying shortly.";

/** What ApiClient reads of an answer (jsdom has no Response). */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return { status, ok: status < 300, headers: new Headers({ "content-type": "application/json", ...headers }), json: async () => body } as unknown as Response;
}

const urls = {} as Parameters<typeof WatchRoom>[0]["urls"];
const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test("a 503 on joining keeps the token, shows Reconnecting... with the reason, and joins when the server is back", async () => {
  const calls: { url: string; auth: string | null }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), auth: new Headers(init?.headers).get("Authorization") });
    if (calls.length === 1) return answer(503, { detail: DOWN, code: "service_unavailable" }, { "Retry-After": "1" });
    return answer(200, DETAIL);
  }) as typeof fetch;

  render(<WatchRoom partyId="p1" urls={urls} />);
  expect(await screen.findByText(`Reconnecting... ${DOWN}`)).toBeInTheDocument();
  expect(forgetRoomToken).not.toHaveBeenCalled();
  expect(await screen.findByText("In the room as stored-bearer", undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(calls.map((c) => c.auth)).toEqual(["Bearer stored-bearer", "Bearer stored-bearer"]);
  expect(calls.every((c) => c.url.endsWith("/api/v1/parties/p1/join"))).toBe(true);
});

test("a session the server cannot check (5xx) is no reason for the guest form: the room says why and tries again", async () => {
  jest.mocked(storedRoomToken).mockReturnValue(null);
  jest
    .mocked(sessionRoomToken)
    .mockRejectedValueOnce(new ApiClientError(SESSION_CHECK_UNAVAILABLE, 500))
    .mockResolvedValueOnce("session-bearer");
  global.fetch = jest.fn(async () => answer(200, DETAIL)) as typeof fetch;

  render(<WatchRoom partyId="p1" urls={urls} />);
  expect(await screen.findByText(`Reconnecting... ${SESSION_CHECK_UNAVAILABLE}`)).toBeInTheDocument();
  expect(screen.queryByLabelText("Your name")).toBeNull();
  expect(await screen.findByText("In the room as session-bearer", undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(sessionRoomToken).toHaveBeenCalledTimes(2);
});

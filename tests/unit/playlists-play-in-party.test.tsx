/** @jest-environment jsdom */
/**
 * "Play in a party" on the playlist page against a fake API: signed out it asks to log in; a host
 * loads the playlist into their party's queue (busy while the request runs, then the count and a
 * link to the room); someone hosting nothing starts a watch party and goes to its room; the API's
 * refusal (a full queue) shows its detail.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlayInParty } from "@/components/playlists/play-in-party";
import { CURRENT_PARTY_PATH } from "@/lib/api/use-current-party";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { CurrentParty } from "@/lib/schemas/party";
import type { PlaylistDetail } from "@/lib/schemas/playlist";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: jest.fn() }));
const currentUser = useCurrentUser as jest.MockedFunction<typeof useCurrentUser>;

const playlist = {
  id: "pl-1",
  title: "Friday Mix",
  links: [{ id: "a" }, { id: "b" }, { id: "c" }],
} as unknown as PlaylistDetail;

const hosting: CurrentParty = {
  current_party: {
    id: "party-1",
    title: "Warm-up",
    video_title: "Warm-up",
    platform: "YouTube",
    chat_provider: "builtin",
    host_username: "me",
    host_display_name: "Me",
    party_role: "host",
    joined_at: "2030-01-01T00:00:00.000Z",
    state: "ACTIVE",
  },
};

function jsonResponse(status: number, body: unknown): Response {
  return { status, ok: status < 300, headers: new Headers({ "content-type": "application/json" }), text: async () => JSON.stringify(body) } as unknown as Response;
}

let answer: (body: { mode: string }) => Promise<Response>;
const posted: unknown[] = [];

beforeEach(() => {
  push.mockReset();
  posted.length = 0;
  currentUser.mockReturnValue({ user: { id: "me", name: "Me", email: "me@example.test" }, isLoading: false, refetch: () => {} });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== "/api/v1/playlists/pl-1/play" || init?.method !== "POST") return jsonResponse(404, { detail: "Not found" });
    const body = JSON.parse(String(init.body)) as { mode: string };
    posted.push(body);
    return answer(body);
  }) as typeof fetch;
});

function renderWith(current: CurrentParty | null) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher: (key: string) => (key === CURRENT_PARTY_PATH ? Promise.resolve(current) : Promise.reject(new Error(key))) }}>
      <PlayInParty playlist={playlist} />
    </SWRConfig>,
  );
}

test("signed out: a pointer to log in, no buttons", () => {
  currentUser.mockReturnValue({ user: null, isLoading: false, refetch: () => {} });
  renderWith(null);
  expect(screen.getByText("Log in to play this playlist in a watch party.")).toBeInTheDocument();
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
});

test("a host loads the playlist into their party's queue: busy, then the count and the room's link", async () => {
  const user = userEvent.setup();
  let release!: () => void;
  answer = () =>
    new Promise((resolve) => {
      release = () => resolve(jsonResponse(200, { mode: "queue", party_id: "party-1", videos: 3, message: "Loaded 3 videos into your party's queue." }));
    });
  renderWith(hosting);
  expect(await screen.findByText(/You are hosting/)).toHaveTextContent("You are hosting Warm-up. Add this playlist's 3 videos to its queue, in order.");
  await user.click(screen.getByRole("button", { name: "Play in my party" }));
  expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
  await act(async () => release());
  expect(await screen.findByRole("status")).toHaveTextContent("Loaded 3 videos into your party's queue.");
  expect(screen.getByRole("link", { name: "Open your party" })).toHaveAttribute("href", "/watch/party-1");
  expect(posted).toEqual([{ mode: "queue", visibility: "public" }]);
  expect(push).not.toHaveBeenCalled();
});

test("a full queue: the API's detail in an alert, the button usable again", async () => {
  const user = userEvent.setup();
  answer = async () => jsonResponse(409, { detail: "The queue has room for 1 more item (at most 100).", code: "queue_full" });
  renderWith(hosting);
  await user.click(await screen.findByRole("button", { name: "Play in my party" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("The queue has room for 1 more item (at most 100).");
  expect(screen.getByRole("button", { name: "Play in my party" })).toBeEnabled();
});

test("hosting nothing: start a (private) watch party from the playlist and go to its room", async () => {
  const user = userEvent.setup();
  answer = async () => jsonResponse(201, { mode: "start", party_id: "new-party", videos: 3, message: "Started a watch party with 3 videos." });
  renderWith({ current_party: null });
  await user.click(await screen.findByRole("checkbox", { name: /Private party/ }));
  await user.click(screen.getByRole("button", { name: "Start a watch party" }));
  // The answer renders after the request resolves, outside the click; the status region is there all
  // along (empty until then): wait for its text, not for it.
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Started a watch party with 3 videos. Opening the room..."));
  expect(posted).toEqual([{ mode: "start", visibility: "private" }]);
  expect(push).toHaveBeenCalledWith("/watch/new-party");
});

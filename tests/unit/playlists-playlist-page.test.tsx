/** @jest-environment jsdom */
/**
 * The Playlist page by role: the player and previous/next, the viewing switches, Accept switches
 * (editable by owner and admins only), share code and link, the owner's hidden admin block with its
 * warning, the owner-only Twitch panel, and what a viewer is offered instead of the add form.
 */
import { TextEncoder } from "node:util";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlaylistView } from "@/components/playlists/playlist-view";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import type { PlaylistDetail, PlaylistLink, PlaylistRole } from "@/lib/schemas/playlist";

// jsdom lacks TextEncoder, which every browser has and the QR code library uses.
Object.assign(globalThis, { TextEncoder });

// Rendering whole forms under jsdom is slow on a busy shared machine; no assertion here depends on time.
jest.setTimeout(30_000);

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));
jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: { id: "u1" }, isLoading: false, refetch: () => {} }) }));

/** The players' configuration the page gets from the server (here: a port where nothing answers). */
const PLAYERS = { youtubeApi: "http://127.0.0.1:9/youtube/iframe_api", tiktokPlayer: "http://127.0.0.1:9/tiktok/player/v1/" };

interface FakePlayer {
  options: { videoId?: string; playerVars?: Record<string, unknown> };
  destroyed: boolean;
  /** The video ends (the API's ENDED state). */
  end(): void;
}

/** window.YT as the IFrame Player API defines it, recording the players the page creates. */
function fakeYouTube() {
  const players: FakePlayer[] = [];
  class Player {
    constructor(_element: HTMLElement, options: FakePlayer["options"] & { events?: { onStateChange?: (e: { data: number }) => void } }) {
      const record: FakePlayer = { options, destroyed: false, end: () => options.events?.onStateChange?.({ data: 0 }) };
      players.push(record);
      Object.assign(this, { destroy: () => (record.destroyed = true) });
    }
  }
  Object.assign(window, { YT: { Player } });
  return { players };
}

afterEach(() => {
  delete (window as { YT?: unknown }).YT;
});

const link = (over: Partial<PlaylistLink>): PlaylistLink => ({
  id: "a",
  playlist_id: "pl-1",
  position: 0,
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s",
  title: null,
  platform: "youtube",
  video_id: "dQw4w9WgXcQ",
  start_seconds: 30,
  added_by_username: "ann",
  can_remove: true,
  created_at: "",
  ...over,
});

function detail(role: PlaylistRole): PlaylistDetail {
  const owner = role === "owner";
  const member = role !== "viewer";
  return {
    id: "pl-1",
    playlist_id: "pl-1",
    title: "Friday Mix",
    name: "Friday Mix",
    owner_username: "ann",
    owner: "ann",
    owner_private: false,
    created_at: "2025-02-01T00:00:00.000Z",
    role,
    listed: false,
    accept_youtube: true,
    accept_tiktok: false,
    total_videos: 2,
    max_videos: 500,
    share_code: member ? "K7Q2M9XD" : null,
    admin_key: owner ? "adminKEY_123456789012345" : null,
    links: [
      link({ title: "First song", can_remove: role === "owner" || role === "editor" }),
      link({
        id: "b",
        position: 1,
        url: "https://www.tiktok.com/@someone/video/7234567890123456789",
        platform: "tiktok",
        video_id: "7234567890123456789",
        start_seconds: 0,
        can_remove: role !== "viewer",
      }),
    ],
  };
}

function renderPage(playlistId: string | null, fetcher: (key: string) => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <PlaylistView playlistId={playlistId} players={PLAYERS} />
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}
const as = (role: PlaylistRole) => renderPage("pl-1", () => Promise.resolve(detail(role)));

beforeEach(() => window.localStorage.clear());

test("without a playlist: a pointer to the list, a dash for the share code, navigation disabled", () => {
  renderPage(null, () => Promise.reject(new Error("no request expected")));
  expect(screen.getByText("No playlist selected.", { exact: false })).toBeInTheDocument();
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent(/^-$/);
  expect(screen.getByRole("heading", { name: "Total Videos: 0" })).toBeInTheDocument();
  for (const name of [/Previous video/, /Next video/, "Open in new tab", "Open in new window"]) {
    expect(screen.getByRole("button", { name })).toBeDisabled();
  }
});

test("plays the current video from the configured players, with start time; previous/next and open in a tab", async () => {
  const user = userEvent.setup();
  const youtube = fakeYouTube();
  as("viewer");
  expect(await screen.findByRole("heading", { level: 1, name: "Friday Mix" })).toBeInTheDocument();
  await waitFor(() => expect(youtube.players).toHaveLength(1));
  expect(youtube.players[0]!.options).toMatchObject({ videoId: "dQw4w9WgXcQ", playerVars: { autoplay: 1, start: 30 } });
  const previous = screen.getByRole("button", { name: /Previous video/ });
  const next = screen.getByRole("button", { name: /Next video/ });
  expect(previous).toBeDisabled();
  await user.click(next);
  expect(next).toBeDisabled();
  expect(youtube.players[0]!.destroyed).toBe(true);
  // The TikTok player from the configured base; it is started through its postMessage API.
  expect(screen.getByTitle(/TikTok video/)).toHaveAttribute("src", expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/tiktok\/player\/v1\/7234567890123456789\?autoplay=0/));

  await user.click(screen.getByRole("switch", { name: "Autoplay TikTok" }));
  expect(window.localStorage.getItem("vp_playlist_autoplay_tiktok")).toBe("false");

  const open = jest.spyOn(window, "open").mockReturnValue(null);
  await user.click(screen.getByRole("button", { name: "Open in new tab" }));
  expect(open).toHaveBeenCalledWith("https://www.tiktok.com/@someone/video/7234567890123456789", "_blank", "noopener,noreferrer");
  open.mockRestore();
});

test("when a video ends the next one follows if its platform's Autoplay is on, and stays put if it is off", async () => {
  const user = userEvent.setup();
  const youtube = fakeYouTube();
  as("viewer");
  await waitFor(() => expect(youtube.players).toHaveLength(1));
  // Autoplay TikTok off: the YouTube video ends, the TikTok one after it does not start by itself.
  await user.click(screen.getByRole("switch", { name: "Autoplay TikTok" }));
  act(() => youtube.players[0]!.end());
  expect(screen.queryByTitle(/TikTok video/)).toBeNull();
  expect(screen.getByRole("button", { name: /Previous video/ })).toBeDisabled();
  // On again: the next end moves on to the TikTok video.
  await user.click(screen.getByRole("switch", { name: "Autoplay TikTok" }));
  act(() => youtube.players[0]!.end());
  expect(await screen.findByTitle(/TikTok video/)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: /Previous video/ })).toBeEnabled();
});

test("a viewer: Accept switches show the playlist's setting but are locked; no add form, no remove or move, no share code, no Twitch panel", async () => {
  as("viewer");
  await screen.findByRole("heading", { level: 1, name: "Friday Mix" });
  expect(screen.getByRole("switch", { name: "Accept YouTube" })).toHaveAttribute("aria-checked", "true");
  expect(screen.getByRole("switch", { name: "Accept TikTok" })).toHaveAttribute("aria-checked", "false");
  expect(screen.getByRole("switch", { name: "Accept TikTok" })).toBeDisabled();
  expect(screen.getByText("Join this playlist with its share code to add videos to it.")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /^Move/ })).not.toBeInTheDocument();
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent(/^-$/);
  expect(screen.queryByRole("region", { name: "Twitch Integration" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Delete playlist" })).not.toBeInTheDocument();
});

test("a collaborator: add form, share code and link, removes only their own video, cannot reorder or see the admin link", async () => {
  as("collaborator");
  await screen.findByRole("heading", { level: 1, name: "Friday Mix" });
  expect(screen.getByRole("region", { name: "Add Video" })).toBeInTheDocument();
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent("K7Q2M9XD");
  expect(screen.getAllByRole("button", { name: /^Remove/ })).toHaveLength(1);
  expect(screen.queryByRole("button", { name: /^Move/ })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Show admin link" })).not.toBeInTheDocument();
  expect(screen.getByRole("switch", { name: "Accept YouTube" })).toBeDisabled();
});

test("the add form refuses a platform the playlist does not accept, before sending", async () => {
  const user = userEvent.setup();
  const fetcher = jest.fn(() => Promise.resolve(detail("collaborator")));
  renderPage("pl-1", fetcher);
  const form = await screen.findByRole("region", { name: "Add Video" });
  await user.click(within(form).getByLabelText(/Video URL/));
  await user.paste("https://www.tiktok.com/@x/video/7234567890123456789");
  await user.click(within(form).getByRole("button", { name: "Add Video" }));
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for.
  const alert = await within(form).findByRole("alert");
  expect(alert).toHaveTextContent("Error adding video");
  expect(alert).toHaveTextContent("This playlist does not accept TikTok links right now.");
});

test("the owner: share link and QR code, the hidden admin block with its warning, the Twitch panel, rename and delete", async () => {
  const user = userEvent.setup();
  as("owner");
  await screen.findByRole("heading", { level: 1, name: "Friday Mix" });
  expect(await screen.findByRole("img", { name: "QR code of the share link" })).toHaveAttribute("src", expect.stringMatching(/^data:image\/svg\+xml/));
  expect(screen.getByRole("switch", { name: "Accept TikTok" })).toBeEnabled();
  expect(screen.getAllByRole("button", { name: /^Move up/ })).toHaveLength(2);

  const show = screen.getByRole("button", { name: "Show admin link" });
  expect(screen.getByLabelText("Direct playlist URL")).not.toBeVisible();
  await user.click(show);
  expect(screen.getByLabelText("Direct playlist URL")).toHaveValue(`${window.location.origin}/playlist?id=pl-1&admin=adminKEY_123456789012345`);
  expect(screen.getByRole("note")).toHaveTextContent("Anyone with this link can control this playlist");
  expect(await screen.findByRole("img", { name: "QR code of the admin link" })).toBeInTheDocument();

  expect(screen.getByRole("region", { name: "Twitch Integration" })).toBeInTheDocument();
  expect(screen.getByLabelText("Playlist title")).toHaveValue("Friday Mix");
  expect(screen.getByRole("button", { name: "Delete playlist" })).toBeInTheDocument();
});

test("copy link copies the share link and shows Copied! for the confirmation time", async () => {
  jest.useFakeTimers({ doNotFake: ["queueMicrotask"] });
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    as("collaborator");
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlists?code=K7Q2M9XD`);
    for (let i = 0; i < 20 && !screen.queryByRole("button", { name: "Copied!" }); i++) await act(async () => {});
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS));
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test("an unknown playlist says so", async () => {
  const { ApiClientError } = await import("@/lib/api/client");
  renderPage("nope", () => Promise.reject(new ApiClientError("Playlist not found", 404)));
  expect(await screen.findByRole("alert")).toHaveTextContent("Playlist not found.");
});

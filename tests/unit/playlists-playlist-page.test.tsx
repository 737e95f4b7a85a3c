/** @jest-environment jsdom */
/** The Playlist page: switches (defaults, persistence), navigation, share code states, copy link, Twitch panel, add form. */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PlaylistView } from "@/components/playlists/playlist-view";
import { ToastProvider } from "@/components/ui/toast";
import { COPY_CONFIRMATION_MS, DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import type { PlaylistDetail } from "@/lib/schemas/playlist";

const detail: PlaylistDetail = {
  id: "pl-1",
  playlist_id: "pl-1",
  title: "Friday Mix",
  name: "Friday Mix",
  owner_username: "ann",
  owner: "ann",
  created_at: "2025-02-01T00:00:00.000Z",
  share_code: "K7Q2M9XD",
  links: [
    { id: "a", playlist_id: "pl-1", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "First song", created_at: "" },
    { id: "b", playlist_id: "pl-1", url: "https://www.tiktok.com/@someone/video/7234567890123456789", title: null, created_at: "" },
  ],
};

function renderPage(playlistId: string | null, fetcher: (key: string) => Promise<unknown> = () => Promise.resolve(detail)) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <ToastProvider>
        <PlaylistView playlistId={playlistId} />
      </ToastProvider>
    </SWRConfig>,
  );
}

beforeEach(() => window.localStorage.clear());

describe("switches", () => {
  test("are real switches; Accept YouTube and Accept TikTok default on", () => {
    renderPage(null);
    for (const name of ["Accept YouTube", "Accept TikTok"]) {
      expect(screen.getByRole("switch", { name })).toHaveAttribute("aria-checked", "true");
    }
    for (const name of ["Fullscreen TikTok", "Autoplay TikTok", "Autoplay YouTube"]) {
      expect(screen.getByRole("switch", { name })).toBeInTheDocument();
    }
  });

  test("toggle by click and keyboard, and keep their state across a reload", async () => {
    const user = userEvent.setup();
    const first = renderPage(null);
    await user.click(screen.getByRole("switch", { name: "Accept YouTube" }));
    expect(screen.getByRole("switch", { name: "Accept YouTube" })).toHaveAttribute("aria-checked", "false");
    screen.getByRole("switch", { name: "Fullscreen TikTok" }).focus();
    await user.keyboard(" ");
    const fullscreenOn = screen.getByRole("switch", { name: "Fullscreen TikTok" }).getAttribute("aria-checked");
    expect(window.localStorage.getItem("vp_playlist_accept_youtube")).toBe("false");
    first.unmount();

    renderPage(null);
    expect(screen.getByRole("switch", { name: "Accept YouTube" })).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("switch", { name: "Accept TikTok" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("switch", { name: "Fullscreen TikTok" })).toHaveAttribute("aria-checked", fullscreenOn ?? "");
  });

  test("a platform switched off is refused by the Add Video form; others get the placeholder answer", async () => {
    const user = userEvent.setup();
    renderPage(null);
    await user.click(screen.getByRole("switch", { name: "Accept YouTube" }));
    const form = screen.getByRole("region", { name: "Add Video" });
    const input = within(form).getByLabelText("Video URL");
    await user.click(input);
    await user.paste("https://youtu.be/dQw4w9WgXcQ");
    await user.click(within(form).getByRole("button", { name: "Add Video" }));
    expect(within(form).getByRole("status")).toHaveTextContent("YouTube links are switched off for this playlist.");

    await user.clear(input);
    await user.paste("https://www.tiktok.com/@someone/video/7234567890123456789");
    await user.click(within(form).getByRole("button", { name: "Add Video" }));
    expect(within(form).getByRole("status")).toHaveTextContent("Feature coming soon!");
  });
});

test("without a playlist: dash for the share code, no videos, navigation disabled", () => {
  renderPage(null);
  expect(screen.getByText("No playlist selected.", { exact: false })).toBeInTheDocument();
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent(/^-$/);
  expect(screen.getByText("No videos yet.")).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Total Videos: 0" })).toBeInTheDocument();
  for (const name of [/Previous video/, /Next video/, "Open in new tab", "Open in new window"]) {
    expect(screen.getByRole("button", { name })).toBeDisabled();
  }
  expect(screen.queryByText(/admin/i)).not.toBeInTheDocument();
});

test("with a playlist: Loading... then the share code; previous/next move through the videos", async () => {
  const user = userEvent.setup();
  renderPage("pl-1");
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent("Loading...");
  expect(await screen.findByRole("heading", { level: 1, name: "Friday Mix" })).toBeInTheDocument();
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent("K7Q2M9XD");
  expect(screen.getByRole("heading", { name: "Total Videos: 2" })).toBeInTheDocument();

  const previous = screen.getByRole("button", { name: /Previous video/ });
  const next = screen.getByRole("button", { name: /Next video/ });
  expect(previous).toBeDisabled();
  expect(next).toBeEnabled();
  expect(screen.getByTitle(/YouTube video: First song/)).toHaveAttribute("src", expect.stringContaining("/embed/dQw4w9WgXcQ"));

  await user.click(next);
  expect(previous).toBeEnabled();
  expect(next).toBeDisabled();
  expect(screen.getByTitle(/TikTok video/)).toHaveAttribute("src", expect.stringContaining("/player/v1/7234567890123456789"));
  expect(screen.getByRole("button", { name: /2\. https:\/\/www\.tiktok\.com/ })).toHaveAttribute("aria-current", "true");

  const open = jest.spyOn(window, "open").mockReturnValue(null);
  await user.click(screen.getByRole("button", { name: "Open in new tab" }));
  expect(open).toHaveBeenCalledWith(detail.links[1]?.url, "_blank", "noopener,noreferrer");
  open.mockRestore();
});

test("an unknown playlist says so and shows a dash for the share code", async () => {
  const { ApiClientError } = await import("@/lib/api/client");
  renderPage("nope", () => Promise.reject(new ApiClientError("Playlist not found", 404)));
  expect(await screen.findByRole("alert")).toHaveTextContent("Playlist not found.");
  expect(screen.getByText("Short code:").nextElementSibling).toHaveTextContent(/^-$/);
});

test("copy link copies the page URL and shows Copied! for the confirmation time", async () => {
  // React settles the clipboard promise's update through queueMicrotask: keep that one real.
  jest.useFakeTimers({ doNotFake: ["queueMicrotask"] });
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderPage(null);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    // Settle the clipboard promise chain without moving the clock (its depth is not ours to count).
    for (let i = 0; i < 20 && !screen.queryByRole("button", { name: "Copied!" }); i++) await act(async () => {});
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test("Twitch panel shows and hides its settings; token masked, prefix defaults to !add, status Disconnected", async () => {
  const user = userEvent.setup();
  renderPage(null);
  const panel = screen.getByRole("region", { name: "Twitch Integration" });
  expect(within(panel).getByText("Disconnected")).toBeInTheDocument();
  expect(within(panel).getByLabelText("Channel")).not.toBeVisible();

  await user.click(within(panel).getByRole("button", { name: "Show" }));
  expect(within(panel).getByRole("button", { name: "Hide" })).toHaveAttribute("aria-expanded", "true");
  expect(within(panel).getByLabelText("Channel")).toBeVisible();
  expect(within(panel).getByLabelText("OAuth token")).toHaveAttribute("type", "password");
  expect(within(panel).getByLabelText("Bot username")).toBeVisible();
  expect(within(panel).getByLabelText("Command prefix")).toHaveValue(DEFAULT_TWITCH_COMMAND_PREFIX);

  await user.type(within(panel).getByLabelText("Channel"), "mychannel");
  await user.click(within(panel).getByRole("button", { name: "Hide" }));
  expect(within(panel).getByLabelText("Channel")).not.toBeVisible();
  await user.click(within(panel).getByRole("button", { name: "Show" }));
  expect(within(panel).getByLabelText("Channel")).toHaveValue("mychannel");
});

/** @jest-environment jsdom */
/**
 * The profile's Twitch box: hidden without a Twitch username or when private; Live with the player
 * (300 px) or Offline; the spec's texts for a missing channel, Twitch down, and other failures; on a
 * server without Twitch credentials it says so without asking for the channel.
 */
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { TwitchInfo } from "@/components/profile/twitch-info";

const respond = (status: number, body: unknown) => ({
  status,
  ok: status >= 200 && status < 300,
  headers: new Headers({ "content-type": "application/json" }),
  text: async () => JSON.stringify(body),
});

/** The Twitch endpoint answers `status`/`body`; the providers endpoint says whether Twitch is configured. */
function answer(status: number, body: unknown, twitchConfigured = true) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith("/auth/providers") ? respond(200, { google: false, twitch: twitchConfigured, kick: false }) : respond(status, body),
  ) as unknown as typeof fetch;
}

function renderBox(props: { twitchUsername: string | null; twitchPrivate?: boolean }) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TwitchInfo twitchUsername={props.twitchUsername} twitchPrivate={props.twitchPrivate ?? false} />
    </SWRConfig>,
  );
}

const channel = {
  login: "streamer",
  displayName: "Streamer",
  profileImageUrl: "https://img.test/s.png",
  userId: "42",
};

test("live: Live badge and Twitch's player, 300 px high", async () => {
  answer(200, { ...channel, isLive: true, embedUrl: "https://player.twitch.tv/?channel=streamer&parent=localhost&muted=true" });
  renderBox({ twitchUsername: "streamer" });
  expect(await screen.findByTestId("twitch-live-status")).toHaveTextContent("Live");
  const player = screen.getByTitle("Streamer live on Twitch");
  expect(player).toHaveAttribute("height", "300");
  expect(player).toHaveAttribute("src", "https://player.twitch.tv/?channel=streamer&parent=localhost&muted=true");
  expect(global.fetch).toHaveBeenCalledWith("/api/v1/users/me/twitch", expect.anything());
});

test("offline: Offline badge and no player", async () => {
  answer(200, { ...channel, isLive: false, embedUrl: null });
  renderBox({ twitchUsername: "streamer" });
  expect(await screen.findByTestId("twitch-live-status")).toHaveTextContent("Offline");
  expect(screen.queryByTitle("Streamer live on Twitch")).toBeNull();
});

test.each([
  [404, "No Twitch info found."],
  [503, "Twitch info unavailable"],
  [500, "Failed to load Twitch info."],
])("an answer of %i shows %j", async (status, text) => {
  answer(status, { detail: "whatever the server says" });
  renderBox({ twitchUsername: "streamer" });
  expect(await screen.findByRole("alert")).toHaveTextContent(text);
});

test("no Twitch username, or a private one: no box and no request", () => {
  answer(200, {});
  const { container, rerender } = renderBox({ twitchUsername: null });
  expect(container).toBeEmptyDOMElement();
  rerender(
    <SWRConfig value={{ provider: () => new Map() }}>
      <TwitchInfo twitchUsername="streamer" twitchPrivate />
    </SWRConfig>,
  );
  expect(container).toBeEmptyDOMElement();
  expect(global.fetch).not.toHaveBeenCalled();
});

test("a server without Twitch credentials: says so, and never requests the channel", async () => {
  answer(503, { detail: "Twitch info unavailable", code: "service_unavailable" }, false);
  renderBox({ twitchUsername: "streamer" });
  expect(await screen.findByText(/Twitch info unavailable: this server has no Twitch credentials/)).toBeInTheDocument();
  expect(global.fetch).not.toHaveBeenCalledWith("/api/v1/users/me/twitch", expect.anything());
  expect(global.fetch).toHaveBeenCalledWith("/api/v1/auth/providers", expect.anything());
});

/** @jest-environment jsdom */
/** Live Parties table: columns, badges, dashes, synopsis tooltip, platform filter and viewer sort. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LivePartiesTable, NO_ACTIVE_PARTIES } from "@/components/parties/live-parties-table";
import { ToastProvider } from "@/components/ui/toast";
import type { LiveParty } from "@/lib/api/use-active-parties";
import { liveRow } from "../fixtures/party-rows";

const party = (id: string, overrides: Partial<LiveParty> = {}) => liveRow(id, { host_username: `host_${id}`, ...overrides });

const PARTIES = [
  party("a", { party_size: 3, synopsis: "Thieves and a detective.", chat_provider: "twitch", chat_identifier: "streamqueen" }),
  party("b", { party_size: 10, platform_domain: "www.youtube.com", state: "AWAITING_RECONNECT" }),
  party("c", { party_size: 5, platform_domain: "disneyplus.com", host_username: null, video_title: "" }),
  party("d", { party_size: 50, state: "ENDED" }),
];

function renderTable(parties = PARTIES) {
  render(
    <ToastProvider>
      <LivePartiesTable parties={parties} />
    </ToastProvider>,
  );
  return screen.getByRole("table", { name: "Live parties" });
}

const titles = () => screen.getAllByTestId("live-party-row").map((row) => within(row).getAllByRole("cell")[3]!.textContent);

test("has the spec's columns and hides ended parties; most viewers first by default", () => {
  const table = renderTable();
  expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
    "Chat Provider", "Host", "Platform", "Now Playing", "Viewers", "Status", "Action",
  ]);
  expect(screen.getAllByTestId("live-party-row")).toHaveLength(3);
  // The synopsis is also in the cell for keyboard and screen-reader users (visually hidden).
  expect(titles()).toEqual(["Movie b", "-", "Movie a. Synopsis: Thieves and a detective."]);
});

test("status badges, platform names from the domain, dashes, host links and the synopsis tooltip", () => {
  renderTable();
  const [b, c, a] = screen.getAllByTestId("live-party-row");
  expect(within(b!).getByText("Reconnecting...")).toBeInTheDocument();
  expect(within(b!).getByText("YouTube")).toBeInTheDocument();
  expect(within(a!).getByText("Live")).toBeInTheDocument();
  expect(within(a!).getByText("Twitch chat (streamqueen)")).toBeInTheDocument();
  expect(a).toHaveAttribute("title", "Thieves and a detective.");
  expect(within(a!).getByRole("link", { name: "Host a" })).toHaveAttribute("href", "/host_a");
  expect(within(c!).getByText("Disney+")).toBeInTheDocument();
  expect(within(c!).queryByRole("link")).not.toBeInTheDocument();
  expect(within(c!).getAllByRole("cell")[3]).toHaveTextContent(/^-$/);
  expect(within(a!).getByRole("button", { name: /Join Party/ })).toBeEnabled();
});

test("a private host's party is listed hosted by \"a private host\", with no link and a usable Join button", () => {
  renderTable([party("a", { party_size: 2 }), party("p", { party_size: 1, host_private: true, host_username: null, host_display_name: null, video_title: "" })]);
  const [a, p] = screen.getAllByTestId("live-party-row");
  expect(within(a!).getByRole("link", { name: "Host a" })).toHaveAttribute("href", "/host_a");
  expect(within(p!).getAllByRole("cell")[1]).toHaveTextContent(/^a private host$/);
  expect(within(p!).queryByRole("link")).not.toBeInTheDocument();
  expect(within(p!).getByRole("button", { name: "Join Party: a private host" })).toBeEnabled();
});

test("the platform filter offers All Platforms plus the platforms present, and filters", async () => {
  const user = userEvent.setup();
  renderTable();
  const filter = screen.getByLabelText("Platform");
  expect(within(filter).getAllByRole("option").map((o) => o.textContent)).toEqual(["All Platforms", "Disney+", "Netflix", "YouTube"]);
  await user.selectOptions(filter, "Netflix");
  expect(screen.getAllByTestId("live-party-row")).toHaveLength(1);
  expect(screen.getByText("Movie a")).toBeInTheDocument();
  await user.selectOptions(filter, "All Platforms");
  expect(screen.getAllByTestId("live-party-row")).toHaveLength(3);
});

test("Least Viewers sorts ascending", async () => {
  const user = userEvent.setup();
  renderTable();
  await user.selectOptions(screen.getByLabelText("Viewers"), "Least Viewers");
  const sizes = screen.getAllByTestId("live-party-row").map((row) => within(row).getAllByRole("cell")[4]!.textContent);
  expect(sizes).toEqual(["3", "5", "10"]);
});

test("no parties (or only ended ones) → the empty state", () => {
  renderTable([party("x", { state: "ENDED" })]);
  expect(screen.getByText(NO_ACTIVE_PARTIES)).toBeInTheDocument();
  expect(screen.queryByTestId("live-party-row")).not.toBeInTheDocument();
});

test("Join Party opens the watch room for a YouTube or TikTok party and keeps the extension flow for others", () => {
  renderTable([
    party("yt", { host_video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "On YouTube" }),
    party("tt", { host_video_url: "https://www.tiktok.com/@someone/video/7300000000000000001", video_title: "On TikTok" }),
    party("nf", { host_video_url: "https://www.netflix.com/watch/80100172", video_title: "On Netflix" }),
  ]);
  expect(screen.getByRole("link", { name: "Join Party: On YouTube" })).toHaveAttribute("href", "/watch/yt");
  expect(screen.getByRole("link", { name: "Join Party: On TikTok" })).toHaveAttribute("href", "/watch/tt");
  expect(screen.getByRole("button", { name: "Join Party: On Netflix" })).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Join Party: On Netflix" })).toBeNull();
});

test("rows show the platform icon beside Now Playing and the host's picture or initial; a private host gets no picture", () => {
  renderTable([
    party("a", { party_size: 2, host_image_url: "https://images.example.test/a.png" }),
    party("b", { party_size: 1, platform_domain: "www.youtube.com", host_video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
    party("p", { party_size: 0, host_private: true, host_username: null, host_display_name: null, host_image_url: null }),
  ]);
  const [a, b, p] = screen.getAllByTestId("live-party-row");
  expect(within(a!).getByTestId("platform-icon")).toHaveAttribute("data-mark", "N");
  expect(within(a!).getAllByRole("cell")[1]!.querySelector("img")).toHaveAttribute("src", "https://images.example.test/a.png");
  // No thumbnail host is configured in tests: the YouTube party shows the icon, nothing is fetched.
  expect(within(b!).getByTestId("platform-icon")).toHaveAttribute("data-mark", "▶");
  expect(within(b!).queryByRole("img")).not.toBeInTheDocument();
  expect(within(b!).getByTestId("host-avatar")).toHaveAttribute("data-initial", "H");
  expect(within(p!).getByTestId("host-avatar")).toHaveAttribute("data-initial", "?");
  expect(within(p!).getAllByRole("cell")[1]).toHaveTextContent(/^a private host$/);
});

test("a party whose host is away says so, sinks below the live ones and is left out of the live count", () => {
  renderTable([
    party("gone", { party_size: 40, state: "HOST_AWAY", video_title: "Abandoned" }),
    party("live", { party_size: 2, video_title: "Running" }),
    party("blip", { party_size: 1, state: "AWAITING_RECONNECT", video_title: "Reloading" }),
  ]);
  // Most viewers first among the live parties; the host-away one comes last despite its 40.
  expect(titles()).toEqual(["Running", "Reloading", "Abandoned"]);
  const away = screen.getAllByTestId("live-party-row")[2]!;
  expect(within(away).getByText("Host away")).toBeInTheDocument();
  expect(within(away).queryByText("Live")).not.toBeInTheDocument();
  // A host who only just dropped out (a reload) still counts; the one away for good does not.
  expect(screen.getByTestId("live-count")).toHaveTextContent("2 live now");
});

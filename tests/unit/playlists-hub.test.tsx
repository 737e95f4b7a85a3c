/** @jest-environment jsdom */
/**
 * Playlists hub: create (title) shows "Creating..." and opens the new playlist; join (share code)
 * shows "Joining..." and opens the joined one; failures show the API's reason; signed out, both ask
 * to log in; a share link arrives with its code filled in.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuthModalContext } from "@/components/layout/auth-modal-context";
import { createPlaylist, joinPlaylist } from "@/components/playlists/playlist-api";
import { PlaylistsHub } from "@/components/playlists/playlists-hub";
import { ApiClientError } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/api/use-current-user";

const push = jest.fn();
/** Pasting (not typing key by key) keeps these tests quick on a busy machine. */
async function paste(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

// Rendering whole forms under jsdom is slow on a busy shared machine; no assertion here depends on time.
jest.setTimeout(30_000);

jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: jest.fn() }));
jest.mock("@/components/playlists/playlist-api", () => ({
  ...jest.requireActual("@/components/playlists/playlist-api"),
  createPlaylist: jest.fn(),
  joinPlaylist: jest.fn(),
}));
const mockedCreate = jest.mocked(createPlaylist);
const mockedJoin = jest.mocked(joinPlaylist);
const mockedUser = jest.mocked(useCurrentUser);

beforeEach(() => {
  push.mockReset();
  mockedCreate.mockReset();
  mockedJoin.mockReset();
  mockedUser.mockReturnValue({ user: { id: "u1", name: "Ann", email: "a@example.test" }, isLoading: false, refetch: () => {} });
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test("Create New Playlist: Creating... while the request runs, then opens the new playlist", async () => {
  const pending = deferred<Awaited<ReturnType<typeof createPlaylist>>>();
  mockedCreate.mockReturnValue(pending.promise);
  const user = userEvent.setup();
  render(<PlaylistsHub />);
  const section = screen.getByRole("region", { name: "Create New Playlist" });
  await paste(user, within(section).getByLabelText("Playlist title"), "Friday Mix");
  await user.click(within(section).getByRole("button", { name: "Create New Playlist" }));
  expect(await within(section).findByRole("button", { name: "Creating..." })).toBeDisabled();
  expect(mockedCreate).toHaveBeenCalledWith({ title: "Friday Mix" });
  pending.resolve({ id: "pl 1", title: "Friday Mix" } as never);
  expect(await within(section).findByText(/Playlist "Friday Mix" created./)).toHaveAttribute("role", "status");
  expect(push).toHaveBeenCalledWith("/playlist?id=pl%201");
  expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
});

test("a blank title is refused without a request, the field marked and described by the reason", async () => {
  const user = userEvent.setup();
  render(<PlaylistsHub />);
  await user.click(screen.getByRole("button", { name: "Create New Playlist" }));
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for.
  expect(await screen.findByRole("alert")).toHaveTextContent("Please give the playlist a title.");
  expect(screen.getByLabelText("Playlist title")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("Playlist title")).toHaveAccessibleDescription("Please give the playlist a title.");
  expect(mockedCreate).not.toHaveBeenCalled();
});

test("a refused create keeps the title typed, and the button is usable again", async () => {
  mockedCreate.mockRejectedValue(new ApiClientError("You own too many playlists.", 429));
  const user = userEvent.setup();
  render(<PlaylistsHub />);
  const section = screen.getByRole("region", { name: "Create New Playlist" });
  await paste(user, within(section).getByLabelText("Playlist title"), "Friday Mix");
  await user.click(within(section).getByRole("button", { name: "Create New Playlist" }));
  const alert = await within(section).findByRole("alert");
  expect(alert).toHaveTextContent("Could not create the playlist.");
  expect(alert).toHaveTextContent("You own too many playlists.");
  expect(within(section).getByLabelText("Playlist title")).toHaveValue("Friday Mix");
  expect(within(section).getByRole("button", { name: "Create New Playlist" })).toBeEnabled();
});

test("Join with a Share Code: an unknown code shows the API's reason and stays on the page", async () => {
  mockedJoin.mockRejectedValue(new ApiClientError("No playlist has that share code. Check the code and try again.", 404));
  const user = userEvent.setup();
  render(<PlaylistsHub />);
  const section = screen.getByRole("region", { name: "Join with a Share Code" });
  await paste(user, within(section).getByLabelText("Share code"), "ZZZZ-ZZZZ");
  await user.click(within(section).getByRole("button", { name: "Join Playlist" }));
  const alert = await within(section).findByRole("alert");
  expect(alert).toHaveTextContent("Could not join the playlist.");
  expect(alert).toHaveTextContent("No playlist has that share code.");
  expect(within(section).getByRole("button", { name: "Join Playlist" })).toBeEnabled();
  expect(within(section).getByLabelText("Share code")).toHaveValue("ZZZZ-ZZZZ");
  expect(push).not.toHaveBeenCalled();
});

test("a share link's code is filled in; joining opens the playlist", async () => {
  mockedJoin.mockResolvedValue({ playlist_id: "pl-9", title: "Shared", role: "collaborator" });
  const user = userEvent.setup();
  render(<PlaylistsHub initialCode="K7Q2M9XD" />);
  expect(screen.getByLabelText("Share code")).toHaveValue("K7Q2M9XD");
  await user.click(screen.getByRole("button", { name: "Join Playlist" }));
  expect(await screen.findByText(/You joined "Shared"/)).toBeInTheDocument();
  expect(mockedJoin).toHaveBeenCalledWith("K7Q2M9XD");
  expect(push).toHaveBeenCalledWith("/playlist?id=pl-9");
});

test("signed out: both actions open the login modal and send nothing", async () => {
  mockedUser.mockReturnValue({ user: null, isLoading: false, refetch: () => {} });
  const open = jest.fn();
  const user = userEvent.setup();
  render(
    <AuthModalContext.Provider value={{ open, close: () => {} }}>
      <PlaylistsHub initialCode="K7Q2M9XD" />
    </AuthModalContext.Provider>,
  );
  await paste(user, screen.getByLabelText("Playlist title"), "Mine");
  await user.click(screen.getByRole("button", { name: "Create New Playlist" }));
  await user.click(screen.getByRole("button", { name: "Join Playlist" }));
  await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
  expect(open).toHaveBeenCalledWith("login");
  expect(screen.getByLabelText("Playlist title")).toHaveValue("Mine");
  expect(mockedCreate).not.toHaveBeenCalled();
  expect(mockedJoin).not.toHaveBeenCalled();
});

test("while the session check is pending, both buttons wait: a signed-in user is never sent to log in", async () => {
  mockedUser.mockReturnValue({ user: null, isLoading: true, refetch: () => {} });
  const open = jest.fn();
  const view = render(
    <AuthModalContext.Provider value={{ open, close: () => {} }}>
      <PlaylistsHub initialCode="K7Q2M9XD" />
    </AuthModalContext.Provider>,
  );
  expect(screen.getByRole("button", { name: "Create New Playlist" })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Join Playlist" })).toBeDisabled();
  expect(screen.queryByText("Log in to join a playlist.")).toBeNull();

  // The session arrives signed in: Join works with the share link's code.
  mockedUser.mockReturnValue({ user: { id: "u1", name: "Ann", email: "a@example.test" }, isLoading: false, refetch: () => {} });
  mockedJoin.mockResolvedValue({ playlist_id: "pl-2", title: "Road trip" } as never);
  view.rerender(
    <AuthModalContext.Provider value={{ open, close: () => {} }}>
      <PlaylistsHub initialCode="K7Q2M9XD" />
    </AuthModalContext.Provider>,
  );
  await userEvent.setup().click(screen.getByRole("button", { name: "Join Playlist" }));
  expect(await screen.findByText(/You joined "Road trip"/)).toBeInTheDocument();
  expect(mockedJoin).toHaveBeenCalledWith("K7Q2M9XD");
  expect(open).not.toHaveBeenCalled();
});

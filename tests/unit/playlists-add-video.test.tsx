/** @jest-environment jsdom */
/**
 * Add Video to Playlist: required-field message, YouTube/TikTok check, picking one of your playlists,
 * success clears URL and Title, API errors show their detail.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddVideoForm } from "@/components/playlists/add-video-form";
import { AuthModalContext } from "@/components/layout/auth-modal-context";
import { ApiClientError } from "@/lib/api/client";
import { addPlaylistLink } from "@/components/playlists/playlist-api";
import { useCurrentUser } from "@/lib/api/use-current-user";

/** Pasting (not typing key by key) keeps these tests quick on a busy machine. */
async function paste(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

// Rendering whole forms under jsdom is slow on a busy shared machine; no assertion here depends on time.
jest.setTimeout(30_000);

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: jest.fn() }));
jest.mock("@/components/playlists/playlist-api", () => ({
  ...jest.requireActual("@/components/playlists/playlist-api"),
  addPlaylistLink: jest.fn(),
  useMyPlaylists: () => ({
    data: [
      { id: "pl-own", title: "Mine", role: "owner", total_videos: 3 },
      { id: "pl-joined", title: "Friend's", role: "collaborator", total_videos: 0 },
    ],
  }),
}));

const mockedUser = jest.mocked(useCurrentUser);
const mockedAdd = jest.mocked(addPlaylistLink);
const signedIn = { user: { id: "u1", name: "Ann", email: "ann@example.test" }, isLoading: false, refetch: () => {} };

beforeEach(() => {
  mockedUser.mockReturnValue(signedIn);
  mockedAdd.mockReset();
});

function fields() {
  return {
    playlistId: screen.getByLabelText(/Playlist ID/),
    url: screen.getByLabelText(/Video URL/),
    title: screen.getByLabelText(/Title/),
    submit: screen.getByRole("button", { name: "Add Video" }),
  };
}

test.each([
  ["both empty", "", ""],
  ["no playlist id", "   ", "https://youtu.be/dQw4w9WgXcQ"],
  ["no video url", "pl-1", ""],
])("%s → 'Playlist ID and Video URL are required' and nothing is sent", async (_case, playlistId, url) => {
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  if (playlistId) await paste(user, f.playlistId, playlistId);
  if (url) await paste(user, f.url, url);
  await user.click(f.submit);
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for.
  expect(await screen.findByRole("alert")).toHaveTextContent("Playlist ID and Video URL are required");
  expect(mockedAdd).not.toHaveBeenCalled();
});

test("the inputs are marked required and the URL field has the url type", () => {
  render(<AddVideoForm />);
  const f = fields();
  expect(f.playlistId).toBeRequired();
  expect(f.url).toBeRequired();
  expect(f.url).toHaveAttribute("type", "url");
  expect(f.title).not.toBeRequired();
});

test.each([
  ["javascript:alert(1)", "Video URL must be a valid http(s) link."],
  ["https://vimeo.com/76979871", "Only YouTube and TikTok video links can be added"],
])("%p is refused before sending", async (url, message) => {
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await paste(user, f.playlistId, "pl-1");
  await paste(user, f.url, url);
  await user.click(f.submit);
  expect(await screen.findByRole("alert")).toHaveTextContent("Error adding video");
  expect(screen.getByRole("alert")).toHaveTextContent(message);
  expect(mockedAdd).not.toHaveBeenCalled();
});

test("choosing one of your playlists fills in its ID; only playlists you may add to are offered", async () => {
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const select = screen.getByLabelText("Your playlists");
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
    "Choose a playlist",
    "Mine (Owner, 3 videos)",
    "Friend's (Collaborator, 0 videos)",
  ]);
  await user.selectOptions(select, "pl-joined");
  expect(fields().playlistId).toHaveValue("pl-joined");

  // After a refused attempt the choice is still shown (React resets the form after its action).
  await user.click(fields().submit);
  expect(await screen.findByRole("alert")).toHaveTextContent("Playlist ID and Video URL are required");
  expect(screen.getByLabelText("Your playlists")).toHaveValue("pl-joined");
  expect(fields().playlistId).toHaveAttribute("aria-invalid", "false");
  expect(fields().url).toHaveAttribute("aria-invalid", "true");
});

test("success sends the trimmed values, clears URL and Title, keeps the playlist ID", async () => {
  mockedAdd.mockResolvedValue({
    id: "l1",
    playlist_id: "pl-1",
    position: 0,
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    title: "Song",
    platform: "youtube",
    video_id: "dQw4w9WgXcQ",
    start_seconds: 0,
    added_by_username: "ann",
    can_remove: true,
    created_at: "",
  });
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await paste(user, f.playlistId, " pl-1 ");
  await paste(user, f.url, " https://youtu.be/dQw4w9WgXcQ ");
  await paste(user, f.title, "Song");
  await user.click(f.submit);

  // The status region is always there (empty until an answer): wait for its text, not for it.
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Video added successfully!"));
  expect(mockedAdd).toHaveBeenCalledWith("pl-1", { url: "https://youtu.be/dQw4w9WgXcQ", title: "Song" });
  expect(f.url).toHaveValue("");
  expect(f.title).toHaveValue("");
  expect(f.playlistId).toHaveValue(" pl-1 ");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("failure shows 'Error adding video' with the API's detail and keeps the input", async () => {
  mockedAdd.mockRejectedValue(new ApiClientError("Playlist not found", 404));
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await paste(user, f.playlistId, "missing");
  await paste(user, f.url, "https://youtu.be/dQw4w9WgXcQ");
  await user.click(f.submit);

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Error adding video");
  expect(alert).toHaveTextContent("Playlist not found");
  expect(f.url).toHaveValue("https://youtu.be/dQw4w9WgXcQ");
  expect(f.playlistId).toHaveValue("missing");
});

test("signed out: says so and the Login button opens the login modal", async () => {
  mockedUser.mockReturnValue({ user: null, isLoading: false, refetch: () => {} });
  const open = jest.fn();
  const user = userEvent.setup();
  render(
    <AuthModalContext.Provider value={{ open, close: () => {} }}>
      <AddVideoForm />
    </AuthModalContext.Provider>,
  );
  expect(screen.getByText(/need to be logged in/)).toBeInTheDocument();
  expect(screen.queryByLabelText(/Video URL/)).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Login" }));
  expect(open).toHaveBeenCalledWith("login");
});

/** @jest-environment jsdom */
/** Add Video to Playlist: required-field message, URL check, success clears URL and Title, API errors show their detail. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddVideoForm } from "@/components/playlists/add-video-form";
import { AuthModalContext } from "@/components/layout/auth-modal-context";
import { ApiClientError } from "@/lib/api/client";
import { addPlaylistLink } from "@/components/playlists/playlist-api";
import { useCurrentUser } from "@/lib/api/use-current-user";

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: jest.fn() }));
jest.mock("@/components/playlists/playlist-api", () => ({ addPlaylistLink: jest.fn() }));

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
  if (playlistId) await user.type(f.playlistId, playlistId);
  if (url) await user.type(f.url, url);
  await user.click(f.submit);
  expect(screen.getByRole("alert")).toHaveTextContent("Playlist ID and Video URL are required");
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

test("a value that is not an http(s) URL is refused before sending", async () => {
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await user.type(f.playlistId, "pl-1");
  await user.type(f.url, "javascript:alert(1)");
  await user.click(f.submit);
  expect(screen.getByRole("alert")).toHaveTextContent("Video URL must be a valid http(s) link.");
  expect(mockedAdd).not.toHaveBeenCalled();
});

test("success sends the trimmed values, clears URL and Title, keeps the playlist ID", async () => {
  mockedAdd.mockResolvedValue({ id: "l1", playlist_id: "pl-1", url: "https://youtu.be/dQw4w9WgXcQ", title: "Song", created_at: "" });
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await user.type(f.playlistId, " pl-1 ");
  await user.type(f.url, " https://youtu.be/dQw4w9WgXcQ ");
  await user.type(f.title, "Song");
  await user.click(f.submit);

  expect(await screen.findByRole("status")).toHaveTextContent("Video added successfully!");
  expect(mockedAdd).toHaveBeenCalledWith("pl-1", { url: "https://youtu.be/dQw4w9WgXcQ", title: "Song" });
  expect(f.url).toHaveValue("");
  expect(f.title).toHaveValue("");
  expect(f.playlistId).toHaveValue(" pl-1 ");
});

test("failure shows 'Error adding video' with the API's detail and keeps the input", async () => {
  mockedAdd.mockRejectedValue(new ApiClientError("Playlist not found", 404));
  const user = userEvent.setup();
  render(<AddVideoForm />);
  const f = fields();
  await user.type(f.playlistId, "missing");
  await user.type(f.url, "https://youtu.be/dQw4w9WgXcQ");
  await user.click(f.submit);

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Error adding video");
  expect(alert).toHaveTextContent("Playlist not found");
  expect(f.url).toHaveValue("https://youtu.be/dQw4w9WgXcQ");
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

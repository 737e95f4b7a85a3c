/** @jest-environment jsdom */
/** /add: pick one of your playlists, paste a YouTube or TikTok link, and the video is added (or the reason it was not). */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddUrlForm } from "@/components/playlists/add-url-form";
import { addPlaylistLink } from "@/components/playlists/playlist-api";
import { ApiClientError } from "@/lib/api/client";

// Rendering whole forms under jsdom is slow on a busy shared machine; no assertion here depends on time.
jest.setTimeout(30_000);

jest.mock("@/lib/api/use-current-user", () => ({ useCurrentUser: () => ({ user: { id: "u1" }, isLoading: false, refetch: () => {} }) }));
jest.mock("@/components/playlists/playlist-api", () => ({
  ...jest.requireActual("@/components/playlists/playlist-api"),
  addPlaylistLink: jest.fn(),
  useMyPlaylists: () => ({ data: [{ id: "pl-own", title: "Mine", role: "owner", total_videos: 1 }] }),
}));
const mockedAdd = jest.mocked(addPlaylistLink);
beforeEach(() => mockedAdd.mockReset());

test("the URL input is required and of type url; the playlist from ?playlist= is preselected", () => {
  render(<AddUrlForm initialPlaylistId="pl-own" />);
  const input = screen.getByLabelText(/YouTube or TikTok URL/);
  expect(input).toBeRequired();
  expect(input).toHaveAttribute("type", "url");
  expect(screen.getByLabelText("Playlist")).toHaveValue("pl-own");
});

test("no playlist chosen → the required message and nothing is sent", async () => {
  const user = userEvent.setup();
  render(<AddUrlForm />);
  await user.click(screen.getByLabelText(/YouTube or TikTok URL/));
  await user.paste("https://youtu.be/dQw4w9WgXcQ");
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for.
  expect(await screen.findByRole("alert")).toHaveTextContent("Playlist ID and Video URL are required");
  expect(mockedAdd).not.toHaveBeenCalled();
});

test("a TikTok link is added to the chosen playlist: success message, fields cleared", async () => {
  mockedAdd.mockResolvedValue({} as never);
  const user = userEvent.setup();
  render(<AddUrlForm />);
  await user.selectOptions(screen.getByLabelText("Playlist"), "pl-own");
  await user.click(screen.getByLabelText(/YouTube or TikTok URL/));
  await user.paste("https://www.tiktok.com/@someone/video/7234567890123456789");
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  // The status region is always there (empty until an answer): wait for its text, not for it.
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Video added successfully!"));
  expect(mockedAdd).toHaveBeenCalledWith("pl-own", { url: "https://www.tiktok.com/@someone/video/7234567890123456789", title: "" });
  expect(screen.getByLabelText(/YouTube or TikTok URL/)).toHaveValue("");
});

test("the API's refusal shows as Error adding video with its detail", async () => {
  mockedAdd.mockRejectedValue(new ApiClientError("This playlist does not accept TikTok links right now.", 422));
  const user = userEvent.setup();
  render(<AddUrlForm initialPlaylistId="pl-own" />);
  await user.click(screen.getByLabelText(/YouTube or TikTok URL/));
  await user.paste("https://www.tiktok.com/@someone/video/7234567890123456789");
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Error adding video");
  expect(alert).toHaveTextContent("This playlist does not accept TikTok links right now.");
});

test("Adding... while the link is sent; a link typed meanwhile stays, the playlist stays chosen", async () => {
  let answer!: (value: never) => void;
  mockedAdd.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const user = userEvent.setup();
  render(<AddUrlForm />);
  await user.selectOptions(screen.getByLabelText("Playlist"), "pl-own");
  const url = screen.getByLabelText(/YouTube or TikTok URL/);
  await user.click(url);
  await user.paste("https://youtu.be/dQw4w9WgXcQ");
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();

  await user.clear(url);
  await user.paste("https://youtu.be/9bZkp7q19f0");
  answer({} as never);
  expect(await screen.findByText("Video added successfully!")).toHaveAttribute("role", "status");
  expect(url).toHaveValue("https://youtu.be/9bZkp7q19f0");
  expect(screen.getByLabelText("Playlist")).toHaveValue("pl-own");
  expect(screen.getByRole("button", { name: "Add Video" })).toBeEnabled();
});

test("a refused link and no playlist: both fields marked, described by the message", async () => {
  const user = userEvent.setup();
  render(<AddUrlForm />);
  await user.click(screen.getByRole("button", { name: "Add Video" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Playlist ID and Video URL are required");
  expect(screen.getByLabelText("Playlist")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText(/YouTube or TikTok URL/)).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText(/YouTube or TikTok URL/)).toHaveAccessibleDescription(/Playlist ID and Video URL are required/);
  expect(screen.getByLabelText(/Title/)).toHaveAttribute("aria-invalid", "false");
});

/** @jest-environment jsdom */
/**
 * Manage playlist's rename: checked with the API's schema before sending (the field marked),
 * "Saving..." with the button disabled while it runs, the server's title after, a refusal keeps
 * what was typed.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { updatePlaylist } from "@/components/playlists/playlist-api";
import { PlaylistManage } from "@/components/playlists/playlist-manage";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/api/client";
import type { PlaylistDetail } from "@/lib/schemas/playlist";

jest.setTimeout(30_000);
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));
jest.mock("@/components/playlists/playlist-api", () => ({ ...jest.requireActual("@/components/playlists/playlist-api"), updatePlaylist: jest.fn() }));
const mockedUpdate = jest.mocked(updatePlaylist);
beforeEach(() => mockedUpdate.mockReset());

const playlist = { id: "pl-1", title: "Friday Mix", role: "owner" } as PlaylistDetail;

async function rename(to: string) {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <ConfirmProvider>
        <PlaylistManage playlist={playlist} />
      </ConfirmProvider>
    </ToastProvider>,
  );
  const field = screen.getByLabelText("Playlist title");
  await user.clear(field);
  if (to) await user.type(field, to);
  await user.click(screen.getByRole("button", { name: "Rename" }));
  return field;
}

test("a blank title is refused before sending, the field marked", async () => {
  const field = await rename("");
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for.
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Could not rename the playlist.");
  expect(alert).toHaveTextContent("Title is required.");
  expect(field).toHaveAttribute("aria-invalid", "true");
  expect(mockedUpdate).not.toHaveBeenCalled();
});

test("Saving... while the rename runs, then Playlist renamed. with the title the server kept", async () => {
  let answer!: (p: PlaylistDetail) => void;
  mockedUpdate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const field = await rename("  Saturday Mix ");
  expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
  expect(mockedUpdate).toHaveBeenCalledWith("pl-1", { title: "  Saturday Mix " });
  answer({ ...playlist, title: "Saturday Mix" });
  expect(await screen.findByText("Playlist renamed.")).toHaveAttribute("role", "status");
  expect(field).toHaveValue("Saturday Mix");
  expect(field).toHaveAttribute("aria-invalid", "false");
});

test("a refusal shows the API's reason and keeps what was typed", async () => {
  mockedUpdate.mockRejectedValue(new ApiClientError("Only the owner and admins can rename this playlist.", 403));
  const field = await rename("Mine now");
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Could not rename the playlist.");
  expect(alert).toHaveTextContent("Only the owner and admins can rename this playlist.");
  expect(field).toHaveValue("Mine now");
  expect(screen.getByRole("button", { name: "Rename" })).toBeEnabled();
});

function renderManage(detail: PlaylistDetail) {
  render(
    <ToastProvider>
      <ConfirmProvider>
        <PlaylistManage playlist={detail} />
      </ConfirmProvider>
    </ToastProvider>,
  );
}

test("the owner lists the playlist publicly with one switch (off by default), and is told it worked", async () => {
  const user = userEvent.setup();
  mockedUpdate.mockResolvedValue({ ...playlist, listed: true });
  renderManage({ ...playlist, listed: false });
  const listed = screen.getByRole("switch", { name: "List on the public playlists page" });
  expect(listed).toHaveAttribute("aria-checked", "false");
  await user.click(listed);
  expect(mockedUpdate).toHaveBeenCalledWith("pl-1", { listed: true });
  expect(await screen.findByText("Listed on the public playlists page.")).toBeInTheDocument();
});

test("an editor may rename but gets no listing switch: listing is the owner's choice", () => {
  renderManage({ ...playlist, role: "editor", listed: false });
  expect(screen.getByRole("button", { name: "Rename" })).toBeInTheDocument();
  expect(screen.queryByRole("switch", { name: "List on the public playlists page" })).not.toBeInTheDocument();
});

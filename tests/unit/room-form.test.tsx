/** @jest-environment jsdom */
/**
 * The Create a room form: an address it can tell is wrong is refused under the field before anything
 * is sent; an empty address takes the user's default one; a taken address comes back under the field
 * in the server's words.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RoomForm } from "@/components/rooms/room-form";
import { ApiClientError } from "@/lib/api/client";
import type { Room } from "@/lib/schemas/room";

const created = { slug: "rey-streams" } as Room;

test("a reserved or malformed address is flagged under its field and nothing is sent", async () => {
  const onCreate = jest.fn(async () => created);
  render(<RoomForm defaultSlug="rey-streams" onCreate={onCreate} onCancel={() => {}} />);
  const address = screen.getByLabelText("Address");
  expect(address).toHaveAccessibleDescription(/^Leave it empty for \/r\/rey-streams\./);
  await userEvent.type(address, "parties");
  await userEvent.type(screen.getByLabelText("Title"), "Films");
  await userEvent.click(screen.getByRole("button", { name: "Create room" }));
  await waitFor(() => expect(address).toHaveAttribute("aria-invalid", "true"));
  expect(address).toHaveAccessibleDescription(/That address is reserved for the site\. Please pick another\.$/);
  await userEvent.clear(address);
  await userEvent.type(address, "my films!");
  await userEvent.click(screen.getByRole("button", { name: "Create room" }));
  await waitFor(() => expect(address).toHaveAccessibleDescription(/Address may use only lowercase letters, digits and single hyphens between them\.$/));
  expect(onCreate).not.toHaveBeenCalled();
});

test("an empty address is sent as none (the user's default); without a default it must be picked", async () => {
  const onCreate = jest.fn(async () => created);
  const { unmount } = render(<RoomForm defaultSlug="rey-streams" onCreate={onCreate} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText("Title"), "Films");
  await userEvent.selectOptions(screen.getByLabelText("Who can come in"), "members");
  await userEvent.click(screen.getByRole("button", { name: "Create room" }));
  await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ title: "Films", privacy: "members", description: "" }));
  unmount();

  const none = jest.fn(async () => created);
  render(<RoomForm defaultSlug={null} onCreate={none} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText("Title"), "Films");
  await userEvent.click(screen.getByRole("button", { name: "Create room" }));
  await waitFor(() => expect(screen.getByLabelText("Address")).toHaveAttribute("aria-invalid", "true"));
  expect(screen.getByRole("alert")).toHaveTextContent("Pick an address for the room.");
  expect(none).not.toHaveBeenCalled();
});

test("a taken address comes back under the address field, and what was typed stays", async () => {
  const detail = "That address looks too much like /r/movie-night, which is taken. Please pick another.";
  const onCreate = jest.fn(async () => {
    throw new ApiClientError(detail, 409, { detail, code: "room_slug_taken" });
  });
  render(<RoomForm defaultSlug={null} onCreate={onCreate} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText("Address"), "m0vie-night");
  await userEvent.type(screen.getByLabelText("Title"), "Films");
  await userEvent.click(screen.getByRole("button", { name: "Create room" }));
  const address = screen.getByLabelText("Address");
  await waitFor(() => expect(address).toHaveAttribute("aria-invalid", "true"));
  expect(address).toHaveAccessibleDescription(new RegExp(`${detail.replace(/[./]/g, "\\$&")}$`));
  expect(address).toHaveValue("m0vie-night");
  expect(screen.getByLabelText("Title")).toHaveValue("Films");
});

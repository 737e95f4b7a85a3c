/** @jest-environment jsdom */
/**
 * The watch room's guest form: a name the guest endpoint would refuse is explained before asking,
 * "Joining..." with the button disabled while the token is fetched, a refusal keeps the name typed.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WatchRoom } from "@/components/watch-room/watch-room";
import { guestRoomToken } from "@/components/watch-room/room-access";

jest.setTimeout(30_000);
jest.mock("@/components/watch-room/room-view", () => ({ RoomView: () => <p>In the room</p> }));
jest.mock("@/components/watch-room/room-access", () => ({
  storedRoomToken: () => null,
  // Signed out: the session exchange has no session to exchange.
  sessionRoomToken: jest.fn(() => Promise.reject(new Error("Failed to exchange for backend JWT"))),
  forgetRoomToken: jest.fn(),
  guestRoomToken: jest.fn(),
}));
const mockedGuest = jest.mocked(guestRoomToken);
beforeEach(() => mockedGuest.mockReset());

const urls = {} as Parameters<typeof WatchRoom>[0]["urls"];

async function join(name: string) {
  const user = userEvent.setup();
  render(<WatchRoom partyId="p1" urls={urls} />);
  const field = await screen.findByLabelText("Your name");
  await user.type(field, name);
  await user.click(screen.getByRole("button", { name: "Join as guest" }));
  return field;
}

test("a name with symbols is explained before any request, and stays in the field", async () => {
  const field = await join("a<b>");
  expect(await screen.findByRole("alert")).toHaveTextContent("Use letters, digits, spaces, dots, dashes or underscores.");
  expect(field).toHaveAttribute("aria-invalid", "true");
  expect(field).toHaveValue("a<b>");
  expect(mockedGuest).not.toHaveBeenCalled();
});

test("Joining... while the token is fetched; a refusal shows its reason and keeps the name", async () => {
  let refuse!: (reason: Error) => void;
  mockedGuest.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
  const field = await join("Ann");
  expect(await screen.findByRole("button", { name: "Joining..." })).toBeDisabled();
  expect(mockedGuest).toHaveBeenCalledWith("Ann");
  refuse(new Error("Too many guests from this address."));
  expect(await screen.findByRole("alert")).toHaveTextContent("Too many guests from this address.");
  expect(field).toHaveValue("Ann");
  expect(screen.getByRole("button", { name: "Join as guest" })).toBeEnabled();
});

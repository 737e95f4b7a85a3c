/** @jest-environment jsdom */
/** Profile URL Copy: "Copied!" for exactly 1.2 s (simulated clock). */
import { act, render, screen } from "@testing-library/react";
import { ProfileUrl } from "@/components/profile/profile-url";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import type { OwnUser } from "@/lib/schemas/user";

const USER = { id: "u1", username: "filmfan", twitch_username: null, display_name: "Film Fan" } as OwnUser;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("Copy writes the URL and reads Copied! for 1200 ms", async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  render(<ProfileUrl user={USER} />);
  expect(screen.getByRole("textbox", { name: "Profile URL" })).toHaveValue(`${window.location.origin}/filmfan`);
  await act(async () => screen.getByRole("button", { name: "Copy" }).click());
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/filmfan`);
  expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
  expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
});

/** @jest-environment jsdom */
/** Playlists hub: both placeholder actions show their busy label for 0.8 s, then "Feature coming soon!". */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PlaylistsHub } from "@/components/playlists/playlists-hub";
import { ToastProvider } from "@/components/ui/toast";
import { PLACEHOLDER_DELAY_MS } from "@/lib/constants";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderHub() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ToastProvider>
      <PlaylistsHub />
    </ToastProvider>,
  );
  return user;
}

test("Create New Playlist shows Creating... while disabled, then the placeholder answer inline and as a toast", async () => {
  const user = renderHub();
  const section = screen.getByRole("region", { name: "Create New Playlist" });
  await user.click(within(section).getByRole("button", { name: "Create New Playlist" }));

  const busy = within(section).getByRole("button", { name: "Creating..." });
  expect(busy).toBeDisabled();
  act(() => jest.advanceTimersByTime(PLACEHOLDER_DELAY_MS - 1));
  expect(busy).toHaveTextContent("Creating...");
  expect(screen.queryByText("Feature coming soon!")).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1));
  expect(within(section).getByRole("button", { name: "Create New Playlist" })).toBeEnabled();
  expect(within(section).getByRole("status")).toHaveTextContent("Feature coming soon!");
  // One inline, one in the info toast.
  expect(screen.getAllByText("Feature coming soon!")).toHaveLength(2);
  expect(document.querySelector('[data-toast-type="info"]')).toHaveTextContent("Feature coming soon!");
});

test("Join with a Share Code shows Joining... for the delay, then the placeholder answer", async () => {
  const user = renderHub();
  const section = screen.getByRole("region", { name: "Join with a Share Code" });
  await user.type(within(section).getByLabelText("Share code"), "ABCD-1234");
  await user.click(within(section).getByRole("button", { name: "Join Playlist" }));

  expect(within(section).getByRole("button", { name: "Joining..." })).toBeDisabled();
  expect(within(section).getByRole("status")).toBeEmptyDOMElement();
  act(() => jest.advanceTimersByTime(PLACEHOLDER_DELAY_MS));
  expect(within(section).getByRole("button", { name: "Join Playlist" })).toBeEnabled();
  expect(within(section).getByRole("status")).toHaveTextContent("Feature coming soon!");
});

test("the two actions are independent", async () => {
  const user = renderHub();
  await user.click(screen.getByRole("button", { name: "Create New Playlist" }));
  expect(screen.getByRole("button", { name: "Join Playlist" })).toBeEnabled();
  act(() => jest.advanceTimersByTime(PLACEHOLDER_DELAY_MS));
  const join = screen.getByRole("region", { name: "Join with a Share Code" });
  expect(within(join).getByRole("status")).toBeEmptyDOMElement();
});

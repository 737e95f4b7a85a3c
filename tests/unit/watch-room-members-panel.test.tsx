/** @jest-environment jsdom */
/** The room's Members panel: names with the host marked, guests told apart, "(you)", and "and N more" past the roster. */
import { render, screen, within } from "@testing-library/react";
import { MembersPanel } from "@/components/watch-room/members-panel";
import { RoomSettings } from "@/components/watch-room/room-settings";
import { ROSTER_MAX, type RosterMember } from "@/lib/sync";

const member = (userId: string, displayName: string, role: "host" | "guest" = "guest", guest = false): RosterMember => ({ userId, displayName, role, guest });
const base = { hostDisplayName: "Hana", hostOnline: true, isHost: false, inviteCode: "ABCD1234" };

test("names in roster order: the host marked, guests labelled, (you) on the viewer", () => {
  render(<MembersPanel {...base} members={3} roster={[member("h", "Hana", "host"), member("a", "Ann"), member("g", "Gus", "guest", true)]} you={{ userId: "g", displayName: "Gus" }} />);
  const items = within(screen.getByRole("list", { name: "Who is watching" })).getAllByRole("listitem");
  expect(items.map((li) => li.textContent)).toEqual(["HanaHost", "Ann", "Gusguest(you)"]);
  expect(items[0]).toHaveAttribute("data-member-id", "h");
  expect(screen.getByTestId("members-count")).toHaveTextContent("3 watching");
  expect(screen.queryByTestId("members-more")).toBeNull();
});

test("a big party lists the roster and counts the rest", () => {
  const roster = [member("h", "Hana", "host"), ...Array.from({ length: ROSTER_MAX - 1 }, (_, i) => member(`u${i}`, `User ${i}`))];
  render(<MembersPanel {...base} members={1234} roster={roster} you={{ userId: "zz", displayName: "Late" }} />);
  expect(within(screen.getByRole("list", { name: "Who is watching" })).getAllByRole("listitem")).toHaveLength(ROSTER_MAX);
  expect(screen.getByTestId("members-more")).toHaveTextContent(`and ${1234 - ROSTER_MAX} more`);
});

test("a server without the roster: the count and who you are", () => {
  render(<MembersPanel {...base} members={2} roster={null} isHost you={{ userId: "h", displayName: "Hana" }} />);
  expect(screen.queryByRole("list", { name: "Who is watching" })).toBeNull();
  expect(screen.getByText("You: Hana (host)")).toBeInTheDocument();
});

test("the host's settings include the buffering policy: wait for everyone who buffers, or keep going", () => {
  const onChange = jest.fn();
  const settings = { slowModeSeconds: 0, locked: false, onSlowMode: jest.fn(), onLock: jest.fn(), waitForEveryone: { on: false, onChange } };
  const view = render(<RoomSettings {...settings} />);
  const box = screen.getByRole("checkbox", { name: "Wait for everyone who buffers (up to 30 s)" });
  expect(box).not.toBeChecked();
  box.click();
  expect(onChange).toHaveBeenCalledWith(true);
  view.rerender(<RoomSettings {...settings} waitForEveryone={{ on: true, onChange }} />);
  expect(screen.getByRole("checkbox", { name: "Wait for everyone who buffers (up to 30 s)" })).toBeChecked();
});

test("the host's settings include the ad policy (off until chosen), and everyone sees who is watching an ad", () => {
  const onChange = jest.fn();
  const roster = [member("h", "Hana", "host"), member("a", "Ann"), member("g", "Gus")];
  const settings = { slowModeSeconds: 0, locked: false, onSlowMode: jest.fn(), onLock: jest.fn(), pauseForAds: { on: false, onChange } };
  const controls = render(<RoomSettings {...settings} />);
  const box = screen.getByRole("checkbox", { name: "Pause for ads (up to 3 min)" });
  expect(box).not.toBeChecked();
  box.click();
  expect(onChange).toHaveBeenCalledWith(true);
  controls.rerender(<RoomSettings {...settings} pauseForAds={{ on: true, onChange }} />);
  expect(screen.getByRole("checkbox", { name: "Pause for ads (up to 3 min)" })).toBeChecked();
  controls.unmount();

  const view = render(<MembersPanel {...base} isHost members={3} roster={roster} inAd={["a"]} you={{ userId: "h", displayName: "Hana" }} />);
  const items = () => within(screen.getByRole("list", { name: "Who is watching" })).getAllByRole("listitem");
  expect(items()[1]).toHaveTextContent("watching an ad");
  expect(items()[2]).not.toHaveTextContent("watching an ad");
  view.rerender(<MembersPanel {...base} isHost members={3} roster={roster} inAd={[]} you={{ userId: "h", displayName: "Hana" }} />);
  expect(items()[1]).not.toHaveTextContent("watching an ad");
  // A guest sees who is watching an ad; the members list holds no setting, for anyone.
  view.rerender(<MembersPanel {...base} members={3} roster={roster} inAd={["h"]} you={{ userId: "g", displayName: "Gus" }} />);
  expect(items()[0]).toHaveTextContent("watching an ad");
  expect(screen.queryByRole("checkbox")).toBeNull();
});

/** @jest-environment jsdom */
/**
 * The watch room's vote panel: a radio group with live tallies and a countdown; a vote shows at once;
 * the host's tie pick, close and cancel; the break banner with skip and +5 min; the open-poll form
 * needs 2–6 options and sends what the host chose.
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PollForm } from "@/components/watch-room/poll-form";
import { PollBanner } from "@/components/watch-room/poll-banner";
import { PollPanel } from "@/components/watch-room/poll-panel";
import { emptyQueue, type Poll, type QueueState } from "@/lib/sync";
import type { PartyCommand } from "@/lib/party-client/types";

const poll: Poll = {
  id: "poll1",
  kind: "next",
  visibility: "public",
  guestVotes: "one_per_device",
  options: [
    { label: "Alpha", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", itemId: "q1", breakSeconds: null },
    { label: "Beta", url: null, itemId: null, breakSeconds: null },
  ],
  openedAt: 0,
  endsAt: 90_000,
  status: "open",
  tallies: [3, 1],
  winner: null,
  tied: [],
};
const queue: QueueState = { ...emptyQueue(), items: [{ id: "q1", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "Alpha" }, { id: "q2", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Gamma" }] };

function setup(props: Partial<Parameters<typeof PollPanel>[0]> = {}) {
  const send = jest.fn<Promise<unknown>, [PartyCommand]>(async () => undefined);
  const vote = jest.fn<Promise<void>, [string, number]>(async () => undefined);
  render(<PollPanel poll={poll} yourVote={null} voters={null} queue={queue} isHost={false} startsIn={null} serverNow={() => 30_000} send={send} vote={vote} {...props} />);
  return { send, vote };
}

test("everyone sees the options as a radio group with tallies and the countdown, and votes", async () => {
  const { vote } = setup();
  const group = screen.getByRole("radiogroup", { name: "What do we watch next?" });
  expect(screen.getByTestId("poll-status")).toHaveTextContent("Closes in 1:00 · 4 votes · public");
  expect(screen.getAllByTestId("poll-tally").map((t) => t.textContent)).toEqual(["3 votes", "1 vote"]);
  await userEvent.click(screen.getByRole("radio", { name: "Beta" }));
  expect(vote).toHaveBeenCalledWith("poll1", 1);
  await waitFor(() => expect(vote).toHaveBeenCalledTimes(1));
  expect(group).toBeInTheDocument();
  // Guests get no form and no host buttons.
  expect(screen.queryByRole("form", { name: "Open a poll" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Close poll" })).not.toBeInTheDocument();
});

test("a vote stays shown after the server's answer until the room's state has it; a refused vote reverts", async () => {
  // The answer comes before the room's own state says how this member voted (its model updates later).
  const vote = jest.fn<Promise<void>, [string, number]>(async () => undefined);
  const props = { poll, voters: null, queue, isHost: false, startsIn: null, serverNow: () => 30_000, send: jest.fn(async () => undefined), vote };
  const { rerender } = render(<PollPanel {...props} yourVote={null} />);
  await userEvent.click(screen.getByRole("radio", { name: "Beta" }));
  await waitFor(() => expect(vote).toHaveBeenCalledTimes(1));
  await Promise.resolve();
  expect(screen.getByRole("radio", { name: "Beta" })).toBeChecked();
  rerender(<PollPanel {...props} yourVote={1} />);
  expect(screen.getByRole("radio", { name: "Beta" })).toBeChecked();

  // Changing to Alpha is refused: the vote the room has (Beta) shows again, with the reason.
  vote.mockRejectedValueOnce(new Error("This poll is closed."));
  await userEvent.click(screen.getByRole("radio", { name: "Alpha" }));
  expect(await screen.findByText("This poll is closed.")).toBeInTheDocument();
  expect(screen.getByRole("radio", { name: "Beta" })).toBeChecked();
  expect(screen.getByRole("radio", { name: "Alpha" })).not.toBeChecked();
});

test("a tie: the host picks one of the tied options; closed polls take no votes", async () => {
  const { send } = setup({ isHost: true, poll: { ...poll, status: "tie", tallies: [2, 2], tied: [0, 1] } });
  expect(screen.getByTestId("poll-status")).toHaveTextContent("Tie — the host picks");
  expect(screen.getByRole("radio", { name: "Alpha" })).toBeDisabled();
  await userEvent.click(screen.getByRole("button", { name: "Pick Beta" }));
  expect(send).toHaveBeenCalledWith({ v: 1, type: "poll.pick", pollId: "poll1", option: 1 });
  expect(screen.queryByRole("button", { name: "Close poll" })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Cancel poll" }));
  expect(send).toHaveBeenLastCalledWith({ v: 1, type: "poll.cancel", pollId: "poll1" });
});

test("the host of a public poll sees names; a running break shows a countdown with skip and +5 min", async () => {
  const { send } = setup({ isHost: true, voters: [["Ann", "Bob"], []], queue: { ...queue, start: { mediaId: "m1", at: 1, kind: "break" } }, startsIn: 125 });
  expect(screen.getByText("Ann, Bob")).toBeInTheDocument();
  expect(screen.getByTestId("break-status")).toHaveTextContent("Break — the next video starts in 2:05. Chat stays open.");
  await userEvent.click(screen.getByRole("button", { name: "+5 min" }));
  expect(send).toHaveBeenCalledWith({ v: 1, type: "break.extend" });
  // The break's buttons are disabled until that send has settled (after an await, outside act).
  await waitFor(() => expect(screen.getByRole("button", { name: "Skip break" })).toBeEnabled());
  await userEvent.click(screen.getByRole("button", { name: "Skip break" }));
  expect(send).toHaveBeenLastCalledWith({ v: 1, type: "break.skip" });
});

test("with no poll and no break the panel is not shown, to the host either (opening one is in the host panel)", () => {
  setup({ isHost: true, poll: null });
  expect(screen.queryByTestId("poll-panel")).toBeNull();
});

test("the open-poll form needs two options and sends queue items, links and titles", async () => {
  const send = jest.fn<Promise<unknown>, [PartyCommand]>(async () => undefined);
  render(<PollForm queue={queue} send={send} />);
  const form = screen.getByRole("form", { name: "Open a poll" });
  expect(form).toBeInTheDocument();
  const submit = screen.getByRole("button", { name: "Open poll" });
  await userEvent.click(screen.getByRole("checkbox", { name: "Gamma" }));
  expect(submit).toBeDisabled();
  await userEvent.type(screen.getByLabelText("Other option 1"), "https://youtu.be/ccccccccccc");
  await userEvent.type(screen.getByLabelText("Other option 2"), "Dinner first");
  await userEvent.selectOptions(screen.getByLabelText("Duration"), "Until I close it");
  await userEvent.click(screen.getByRole("checkbox", { name: "Public (you see who voted)" }));
  await userEvent.click(submit);
  expect(send).toHaveBeenCalledWith({
    v: 1,
    type: "poll.open",
    poll: { kind: "next", options: [{ itemId: "q2" }, { url: "https://youtu.be/ccccccccccc" }, { title: "Dinner first" }], durationSeconds: null, public: true, guestVotes: "accounts_only" },
  });
});

test("the open-poll form asks who votes: members with an account only by default, or one guest vote per device", async () => {
  const send = jest.fn<Promise<unknown>, [PartyCommand]>(async () => undefined);
  render(<PollForm queue={queue} send={send} />);
  const who = screen.getByRole("combobox", { name: "Who votes" });
  expect(who).toHaveDisplayValue("Members with an account only");
  expect(screen.getAllByRole("option", { name: /./ }).map((o) => o.textContent)).toEqual(expect.arrayContaining(["Members with an account only", "Guests too, one vote per device"]));
  await userEvent.selectOptions(screen.getByLabelText("Vote on"), "break");
  await userEvent.selectOptions(who, "Guests too, one vote per device");
  await userEvent.click(screen.getByRole("button", { name: "Open poll" }));
  expect(send).toHaveBeenCalledWith({ v: 1, type: "poll.open", poll: expect.objectContaining({ kind: "break", guestVotes: "one_per_device" }) });
});

test("voters are told how guests count in this poll", () => {
  const { unmount } = render(<PollPanel poll={{ ...poll, guestVotes: "accounts_only" }} yourVote={null} voters={null} queue={queue} isHost={false} startsIn={null} serverNow={() => 30_000} send={jest.fn()} vote={jest.fn()} />);
  expect(screen.getByTestId("poll-guest-rule")).toHaveTextContent("Members with an account vote; guests watch the tally.");
  unmount();
  render(<PollPanel poll={{ ...poll, guestVotes: "one_per_device" }} yourVote={null} voters={null} queue={queue} isHost={false} startsIn={null} serverNow={() => 30_000} send={jest.fn()} vote={jest.fn()} />);
  expect(screen.getByTestId("poll-guest-rule")).toHaveTextContent("Guests vote too: one guest vote per device.");
});

test("a guest in an accounts-only poll sees the tally and why, with no choice to make; a guest host still votes", async () => {
  const accountsOnly: Poll = { ...poll, guestVotes: "accounts_only" };
  setup({ poll: accountsOnly, youAreGuest: true });
  for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
  expect(screen.getByTestId("poll-guest-rule")).toHaveTextContent("Members with an account vote; guests watch the tally. You joined as a guest: sign in with an account to vote.");
  expect(screen.getAllByTestId("poll-tally").map((t) => t.textContent)).toEqual(["3 votes", "1 vote"]);
  cleanup();
  const { vote } = setup({ poll: accountsOnly, youAreGuest: true, isHost: true });
  await userEvent.click(screen.getByRole("radio", { name: "Beta" }));
  expect(vote).toHaveBeenCalledWith("poll1", 1);
});

test("the banner over the video asks to vote only those who may: a guest in an accounts-only poll is offered the poll to see", () => {
  render(<PollBanner poll={poll} voted={false} onShow={() => undefined} />);
  expect(screen.getByRole("button", { name: "Vote" })).toBeInTheDocument();
  cleanup();
  render(<PollBanner poll={{ ...poll, guestVotes: "accounts_only" }} voted={false} mayVote={false} onShow={() => undefined} />);
  expect(screen.getByRole("button", { name: "See poll" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Vote" })).toBeNull();
});

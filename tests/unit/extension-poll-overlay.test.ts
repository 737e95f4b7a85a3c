/** @jest-environment jsdom */
/**
 * Polls in the extension: the session keeps the party's poll and your vote (from the snapshot, live
 * `poll` events and your own vote), and the overlay shows it compactly and takes votes.
 */
import { SyncSession, type PartyViewModel } from "@/lib/party-client/sync-session";
import { Overlay } from "@/extension/src/overlay/overlay";
import { pollStatusText } from "@/lib/party-client/poll-text";
import { PROTOCOL_VERSION, type Poll, type SnapshotEvent } from "@/lib/sync";
import type { PartyCommand } from "@/extension/src/messaging/protocol";

const poll: Poll = {
  id: "poll1",
  kind: "next",
  visibility: "anonymous",
  guestVotes: "accounts_only",
  options: [
    { label: "Alpha", url: "https://example.com/a", itemId: "q1", breakSeconds: null },
    { label: "Beta", url: null, itemId: null, breakSeconds: null },
  ],
  openedAt: 1000,
  endsAt: 61_000,
  status: "open",
  tallies: [2, 1],
  winner: null,
  tied: [],
};
const party = {
  id: "p1",
  state: "ACTIVE" as const,
  title: "T",
  hostUserId: "h",
  hostDisplayName: "Hank",
  platformDomain: "example.com",
  chatProvider: "builtin" as const,
  chatChannel: null,
  visibility: "public" as const,
  streamerLatencyMs: 0,
  media: { id: "m0", url: "https://example.com/v", title: "T", duration: null },
};

function session() {
  const sent: PartyCommand[] = [];
  const s = new SyncSession(
    {
      now: () => 0,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      send: async (command) => {
        sent.push(command);
      },
      navigate: () => undefined,
      render: () => undefined,
      mediaKeyOf: (url) => url,
    },
    { url: "https://example.com/v", title: "T" },
  );
  return { s, sent };
}

const snapshot = (extra: Partial<SnapshotEvent> = {}): SnapshotEvent => ({
  v: PROTOCOL_VERSION,
  type: "snapshot",
  party,
  playback: { mediaId: "m0", paused: true, position: 0, rate: 1, at: 0, seq: 0 },
  members: 2,
  hostOnline: true,
  chat: [],
  strokes: [],
  role: "guest",
  you: { userId: "g", displayName: "Gail" },
  serverTime: 0,
  ...extra,
});

test("the session keeps the poll and your vote: snapshot, live tallies, your own vote, a new poll resets it", async () => {
  const { s, sent } = session();
  s.receive(snapshot({ poll, pollVote: 1 }));
  expect(s.model).toMatchObject({ poll: { id: "poll1" }, pollVote: 1 });
  s.receive({ v: PROTOCOL_VERSION, type: "poll", poll: { ...poll, tallies: [2, 2] } });
  expect(s.model.poll?.tallies).toEqual([2, 2]);
  await s.vote("poll1", 0);
  expect(sent.filter((c) => c.type === "poll.vote")).toEqual([{ v: PROTOCOL_VERSION, type: "poll.vote", pollId: "poll1", option: 0 }]);
  expect(s.model.pollVote).toBe(0);
  s.receive({ v: PROTOCOL_VERSION, type: "poll", poll: { ...poll, id: "poll2" } });
  expect(s.model.pollVote).toBeNull();
  s.dispose();
});

test("a snapshot from a server without polls has none", () => {
  const { s } = session();
  s.receive(snapshot());
  expect(s.model).toMatchObject({ poll: null, pollVote: null });
  s.dispose();
});

const model = (overrides: Partial<PartyViewModel> = {}): PartyViewModel => ({
  role: "guest",
  you: { userId: "g", displayName: "Gail" },
  party,
  members: 3,
  roster: null,
  hostOnline: true,
  connection: "open",
  connectionError: null,
  status: "synced",
  driftMs: 4,
  chat: [],
  strokes: [],
  notice: null,
  ...overrides,
});

test("the overlay shows the poll with tallies and a countdown, and a press votes", () => {
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  const onVote = jest.fn(async () => undefined);
  const overlay = new Overlay(document, { onChat: async () => undefined, onStroke: () => undefined, onClear: () => undefined, onVote, serverNow: () => 31_000 });
  const root = overlay.host.shadowRoot!;
  const section = root.querySelector<HTMLElement>('[data-vp="poll"]')!;
  overlay.render(model());
  expect(section.hidden).toBe(true);

  overlay.render(model({ poll, pollVote: 1 }));
  expect(section.hidden).toBe(false);
  expect(section.textContent).toContain("What do we watch next?");
  expect(root.querySelector('[data-vp="poll-status"]')!.textContent).toBe("Closes in 0:30 · 3 votes");
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-vp="poll-option"]')];
  expect(buttons.map((b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual([
    ["Alpha2", "false"],
    ["Beta1", "true"],
  ]);
  buttons[0]!.click();
  expect(onVote).toHaveBeenCalledWith("poll1", 0);

  overlay.render(model({ poll: { ...poll, status: "tie", tied: [0, 1] } }));
  expect(root.querySelector('[data-vp="poll-status"]')!.textContent).toBe("Tie — the host picks");
  expect(root.querySelector<HTMLButtonElement>('[data-vp="poll-option"]')!.disabled).toBe(true);
  overlay.dispose();
});

test("status lines: until closed, the winner queued, announced, a break, cancelled", () => {
  expect(pollStatusText({ ...poll, endsAt: null, tallies: [1, 0] }, null)).toBe("Open until the host closes it · 1 vote");
  expect(pollStatusText({ ...poll, status: "closed", winner: 0 }, null)).toBe("Winner: Alpha — up next");
  expect(pollStatusText({ ...poll, status: "closed", winner: 1 }, null)).toBe("Winner: Beta");
  const breaks = { ...poll, kind: "break" as const, options: [{ label: "No break", url: null, itemId: null, breakSeconds: 0 }, { label: "5 min break", url: null, itemId: null, breakSeconds: 300 }] };
  expect(pollStatusText({ ...breaks, status: "closed", winner: 1 }, null)).toBe("Winner: 5 min break after this video");
  expect(pollStatusText({ ...breaks, status: "closed", winner: 0 }, null)).toBe("Winner: no break");
  expect(pollStatusText({ ...poll, status: "cancelled" }, null)).toBe("The host cancelled this poll.");
  expect(pollStatusText({ ...poll, status: "tie", tallies: [0, 0], tied: [0, 1] }, null)).toBe("No votes — the host picks");
});

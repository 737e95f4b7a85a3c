/**
 * A party's replica and its poll: entries (which name voters) are folded on the server and fanned out
 * as the public `poll` state under the same event id; stale entries reach nobody; snapshots carry the
 * poll and the member's own vote; a replica waits for a given event to be folded; a snapshot with the
 * largest poll stays small.
 */
import { loggedEvent, type LoggedEvent, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { Room } from "@/lib/server/realtime/room";
import { initialPlaybackState, PROTOCOL_VERSION, POLL_MAX_OPTIONS, QUEUE_TITLE_MAX, type PartyMeta, type PollEntry } from "@/lib/sync";

const meta: PartyMeta = {
  id: "p1",
  state: "ACTIVE",
  title: "Movie night",
  hostUserId: "host",
  hostDisplayName: "Host",
  platformDomain: "youtube.com",
  chatProvider: "builtin",
  chatChannel: null,
  visibility: "public",
  streamerLatencyMs: 0,
  media: { id: "m0", url: "https://www.youtube.com/watch?v=abc", title: "Movie", duration: null },
};

let next = 1;
function feed(room: Room, entry: PollEntry): string {
  const id = String(next++);
  room.apply(loggedEvent(id, { v: PROTOCOL_VERSION, type: "poll.entry", entry } as LoggedServerEvent));
  return id;
}

function roomWithSubscriber() {
  const room = new Room(meta, initialPlaybackState("m0", 0));
  const pushed: LoggedEvent[] = [];
  room.subscribers.add({ push: (e) => pushed.push(e), close: () => undefined });
  return { room, pushed };
}

const open = (endsAt: number | null = null): PollEntry => ({
  op: "open",
  poll: {
    id: "poll1",
    kind: "next",
    visibility: "public",
    options: [
      { label: "A", url: null, itemId: null, breakSeconds: null },
      { label: "B", url: null, itemId: null, breakSeconds: null },
    ],
    openedAt: 0,
    endsAt,
  },
});

test("entries are fanned out as the public poll state (same id), never as entries or with voter ids", () => {
  const { room, pushed } = roomWithSubscriber();
  const onPoll = jest.fn();
  room.onPoll = onPoll;
  feed(room, open());
  const voteId = feed(room, { op: "vote", pollId: "poll1", voterId: "secret-voter-id", name: "Secret Name", option: 1, at: 5 });
  expect(pushed.map((e) => e.event.type)).toEqual(["poll", "poll"]);
  expect(pushed[1]!.id).toBe(voteId);
  expect(pushed[1]!.event).toMatchObject({ type: "poll", poll: { tallies: [0, 1] } });
  const wire = new TextDecoder().decode(pushed[1]!.frame);
  expect(wire).not.toContain("secret-voter-id");
  expect(wire).not.toContain("Secret Name");
  expect(onPoll).toHaveBeenCalledTimes(2);

  // A stale entry (a vote for another poll) changes nothing and reaches nobody, but is folded past.
  const staleId = feed(room, { op: "vote", pollId: "other", voterId: "x", name: "X", option: 0, at: 5 });
  expect(pushed).toHaveLength(2);
  expect(room.lastEventId).toBe(staleId);
});

test("the snapshot has the poll and the member's own vote", () => {
  const { room } = roomWithSubscriber();
  feed(room, open());
  feed(room, { op: "vote", pollId: "poll1", voterId: "ann", name: "Ann", option: 0, at: 5 });
  expect(room.snapshotFor({ userId: "ann", displayName: "Ann" }, 0)).toMatchObject({ poll: { id: "poll1", tallies: [1, 0] }, pollVote: 0 });
  expect(room.snapshotFor({ userId: "bob", displayName: "Bob" }, 0)).toMatchObject({ pollVote: null });
});

test("folded(id) resolves once the replica has folded that event, or false after the wait", async () => {
  const { room } = roomWithSubscriber();
  const first = feed(room, open());
  await expect(room.folded(first, 1000)).resolves.toBe(true);
  const later = room.folded(String(next), 60_000);
  feed(room, { op: "cancel", pollId: "poll1" });
  await expect(later).resolves.toBe(true);
  jest.useFakeTimers();
  const never = room.folded(String(next + 100), 500);
  jest.advanceTimersByTime(500);
  await expect(never).resolves.toBe(false);
  jest.useRealTimers();
});

test("the largest poll adds little to a snapshot", () => {
  const { room } = roomWithSubscriber();
  const worst = "\u0001".repeat(QUEUE_TITLE_MAX);
  feed(room, {
    op: "open",
    poll: {
      id: "\u0001".repeat(64),
      kind: "next",
      visibility: "public",
      options: Array.from({ length: POLL_MAX_OPTIONS }, (_, i) => ({ label: worst, url: `https://example.com/${i}${"a".repeat(2000)}`, itemId: "\u0001".repeat(64), breakSeconds: null })),
      openedAt: 0,
      endsAt: null,
    },
  });
  const before = loggedEvent("1", new Room(meta, initialPlaybackState("m0", 0)).snapshotFor({ userId: "u", displayName: "U" }, 0) as unknown as LoggedServerEvent).frame.byteLength;
  const after = loggedEvent("1", room.snapshotFor({ userId: "u", displayName: "U" }, 0) as unknown as LoggedServerEvent).frame.byteLength;
  expect(after - before).toBeLessThan(32 * 1024);
});

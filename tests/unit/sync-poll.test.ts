/** A party's poll rules (lib/sync/poll): options, votes and changes, close, tie and pick, expiry, outcome, break. */
import {
  applyPollEntry,
  applyPollOutcome,
  buildPollOptions,
  changeBreak,
  isExpired,
  mayVoteIn,
  outcomeOf,
  pollOpenInputSchema,
  takePendingBreak,
  votersByOption,
  BREAK_EXTEND_SECONDS,
  type PollEntry,
  type PollOption,
  type PollRecord,
} from "@/lib/sync/poll";
import { pollEventSchema } from "@/lib/sync/protocol";
import { emptyQueue, type QueueState } from "@/lib/sync/queue";

const queue: QueueState = {
  ...emptyQueue(),
  items: [
    { id: "q1", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "Alpha" },
    { id: "q2", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Beta" },
    { id: "q3", url: "https://www.youtube.com/watch?v=ccccccccccc", title: "Gamma" },
  ],
};
const accept = (link: { url: string; title?: string }) =>
  link.url.startsWith("https://") ? ({ ok: true, url: link.url, title: link.title || "Linked" } as const) : ({ ok: false, message: "Only YouTube and TikTok video links can be queued in this party." } as const);

const option = (label: string, extra: Partial<PollOption> = {}): PollOption => ({ label, url: null, itemId: null, breakSeconds: null, ...extra });

let n = 0;
function fold(record: PollRecord | null, ...entries: PollEntry[]): PollRecord | null {
  return entries.reduce<PollRecord | null>((r, e) => applyPollEntry(r, e, `e${++n}`), record);
}

function opened(options: PollOption[] = [option("A"), option("B"), option("C")], endsAt: number | null = 100_000): PollRecord {
  return fold(null, { op: "open", poll: { id: "p1", kind: "next", visibility: "public", options, openedAt: 1000, endsAt } })!;
}
const vote = (voterId: string, opt: number, at = 2000): PollEntry => ({ op: "vote", pollId: "p1", voterId, name: voterId.toUpperCase(), option: opt, at });

describe("opening", () => {
  test("options come from the queue, links (the queue's link rule) and titles", () => {
    const input = pollOpenInputSchema.parse({ kind: "next", options: [{ itemId: "q2" }, { url: "https://www.youtube.com/watch?v=ddddddddddd", title: "Delta" }, { title: "Dinner first" }], durationSeconds: 60 });
    expect(buildPollOptions(input, { queue, accept })).toEqual({
      ok: true,
      options: [
        option("Beta", { url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", itemId: "q2" }),
        option("Delta", { url: "https://www.youtube.com/watch?v=ddddddddddd" }),
        option("Dinner first"),
      ],
    });
  });

  test("an option the party cannot take, a missing item or a duplicate is refused, naming the option", () => {
    const parse = (options: unknown[]) => buildPollOptions(pollOpenInputSchema.parse({ kind: "next", options, durationSeconds: null }), { queue, accept });
    expect(parse([{ title: "A" }, { url: "http://x.test/v" }])).toEqual({ ok: false, message: "Option 2: Only YouTube and TikTok video links can be queued in this party." });
    expect(parse([{ itemId: "gone" }, { title: "A" }])).toEqual({ ok: false, message: "Option 1: that item is no longer in the queue." });
    expect(parse([{ itemId: "q1" }, { url: "https://www.youtube.com/watch?v=aaaaaaaaaaa" }])).toEqual({ ok: false, message: "Option 2: it is the same as option 1." });
  });

  test("2–6 options, 30 s – 30 min or until closed, break lengths unique whole minutes", () => {
    const bad = [
      { kind: "next", options: [{ title: "A" }], durationSeconds: 60 },
      { kind: "next", options: Array.from({ length: 7 }, (_, i) => ({ title: `T${i}` })), durationSeconds: 60 },
      { kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: 29 },
      { kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: 1801 },
      { kind: "next", options: [{ title: "  " }, { title: "B" }], durationSeconds: null },
      { kind: "next", options: [{ itemId: "q1", url: "https://a.test/" }, { title: "B" }], durationSeconds: null },
      { kind: "break", breakMinutes: [0, 0], durationSeconds: null },
      { kind: "break", breakMinutes: [0, 61], durationSeconds: null },
    ];
    for (const input of bad) expect(pollOpenInputSchema.safeParse(input).success).toBe(false);
    expect(pollOpenInputSchema.parse({ kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: 1800 })).toMatchObject({ public: false });
    expect(pollOpenInputSchema.parse({ kind: "break", durationSeconds: 30 })).toMatchObject({ breakMinutes: [0, 5, 10, 15] });
  });

  test("a break poll's options are the break lengths", () => {
    const input = pollOpenInputSchema.parse({ kind: "break", breakMinutes: [0, 10], durationSeconds: null });
    expect(buildPollOptions(input, { queue, accept })).toEqual({ ok: true, options: [option("No break", { breakSeconds: 0 }), option("10 min break", { breakSeconds: 600 })] });
  });

  test("at most one unresolved poll: a second open is stale while one is open or tied", () => {
    const first = opened();
    const second = fold(first, { op: "open", poll: { ...first.poll, id: "p2" } });
    expect(second).toBe(first);
    const tied = fold(first, { op: "close", pollId: "p1", at: 3000 })!;
    expect(tied.poll.status).toBe("tie");
    expect(fold(tied, { op: "open", poll: { ...first.poll, id: "p2" } })).toBe(tied);
    const cancelled = fold(tied, { op: "cancel", pollId: "p1" });
    expect(fold(cancelled, { op: "open", poll: { ...first.poll, id: "p2" } })!.poll).toMatchObject({ id: "p2", status: "open", tallies: [0, 0, 0] });
  });
});

describe("voting", () => {
  test("one vote per identity, changed until it closes; tallies follow", () => {
    const record = fold(opened(), vote("ann", 0), vote("bob", 0), vote("cy", 2), vote("ann", 1))!;
    expect(record.poll.tallies).toEqual([1, 1, 1]);
    expect(votersByOption(record)).toEqual([["BOB"], ["ANN"], ["CY"]]);
  });

  test("the public state carries tallies and never who voted", () => {
    const record = fold(opened(), vote("ann", 0))!;
    const event = pollEventSchema.parse({ v: 1, type: "poll", poll: record.poll });
    expect(JSON.stringify(event)).not.toContain("ann");
    expect(JSON.stringify(event)).not.toContain("ANN");
  });

  test("votes for another poll, an unknown option, or at/after the deadline are ignored", () => {
    const record = opened();
    expect(fold(record, { ...vote("ann", 0), pollId: "other" } as PollEntry)).toBe(record);
    expect(fold(record, vote("ann", 3))).toBe(record);
    expect(fold(record, vote("ann", 0, 100_000))).toBe(record);
    expect(fold(record, vote("ann", 0, 99_999))!.poll.tallies).toEqual([1, 0, 0]);
  });

  test("expiry: an open poll with a deadline expires at it; until-closed never does", () => {
    expect(isExpired(opened().poll, 99_999)).toBe(false);
    expect(isExpired(opened().poll, 100_000)).toBe(true);
    expect(isExpired(opened(undefined, null).poll, 10 ** 12)).toBe(false);
  });
});

describe("guest votes", () => {
  const vote = (voterId: string, option: number, device?: string): PollEntry => ({ op: "vote", pollId: "p1", voterId, name: voterId, option, at: 2000, ...(device ? { device } : {}) });

  test("a poll counts members with an account only unless the host says otherwise", () => {
    expect(opened().poll.guestVotes).toBe("accounts_only");
    const input = pollOpenInputSchema.parse({ kind: "break", durationSeconds: null });
    expect(input.guestVotes).toBe("accounts_only");
    expect(pollOpenInputSchema.safeParse({ kind: "break", durationSeconds: null, guestVotes: "everyone" }).success).toBe(false);
  });

  test("one ballot per guest device: a second guest identity on it is not counted, the first may change theirs", () => {
    const record = fold(opened(), vote("guest_a", 0, "dev1"), vote("guest_b", 1, "dev1"), vote("guest_c", 1, "dev2"), vote("user_1", 1));
    expect(record!.poll.tallies).toEqual([1, 2, 0]);
    const changed = fold(record, vote("guest_a", 2, "dev1"));
    expect(changed!.poll.tallies).toEqual([0, 2, 1]);
    expect(Object.keys(changed!.ballots).sort()).toEqual(["guest_a", "guest_c", "user_1"]);
  });
});

describe("closing", () => {
  test("a unique leader wins; the closing entry is the one that decided it; votes after close are ignored", () => {
    const record = fold(opened(), vote("ann", 2), vote("bob", 2), vote("cy", 0))!;
    const closed = applyPollEntry(record, { op: "close", pollId: "p1", at: 3000 }, "close-1")!;
    expect(closed.poll).toMatchObject({ status: "closed", winner: 2, tied: [], tallies: [1, 0, 2] });
    expect(closed.resolvedBy).toBe("close-1");
    expect(fold(closed, vote("dan", 0))).toBe(closed);
  });

  test("closing is idempotent: a second close (another instance's timer) is stale and changes nothing", () => {
    const closed = applyPollEntry(fold(opened(), vote("ann", 1)), { op: "close", pollId: "p1", at: 3000 }, "first")!;
    expect(applyPollEntry(closed, { op: "close", pollId: "p1", at: 3001 }, "second")).toBe(closed);
    expect(closed.resolvedBy).toBe("first");
  });

  test("a tie waits for the host, who picks one of the tied options", () => {
    const tied = fold(opened(), vote("ann", 0), vote("bob", 2), { op: "close", pollId: "p1", at: 3000 })!;
    expect(tied.poll).toMatchObject({ status: "tie", winner: null, tied: [0, 2] });
    expect(tied.resolvedBy).toBeNull();
    expect(fold(tied, { op: "pick", pollId: "p1", option: 1 })).toBe(tied);
    const picked = applyPollEntry(tied, { op: "pick", pollId: "p1", option: 2 }, "pick-1")!;
    expect(picked.poll).toMatchObject({ status: "closed", winner: 2, tied: [] });
    expect(picked.resolvedBy).toBe("pick-1");
  });

  test("nobody voted: every option is tied", () => {
    expect(fold(opened(), { op: "close", pollId: "p1", at: 3000 })!.poll.tied).toEqual([0, 1, 2]);
  });

  test("cancel ends an open or tied poll without a winner", () => {
    const cancelled = fold(opened(), vote("ann", 0), { op: "cancel", pollId: "p1" })!;
    expect(cancelled.poll).toMatchObject({ status: "cancelled", winner: null });
    expect(outcomeOf(cancelled.poll)).toBeNull();
    expect(fold(cancelled, { op: "close", pollId: "p1", at: 1 })).toBe(cancelled);
  });
});

describe("outcome", () => {
  const winnerOf = (options: PollOption[], win: number) =>
    fold(opened(options), vote("ann", win), { op: "close", pollId: "p1", at: 3000 })!.poll;

  test("a queued item wins: it moves to the front of the queue", () => {
    const poll = winnerOf([option("Alpha", { itemId: "q1", url: queue.items[0]!.url }), option("Gamma", { itemId: "q3", url: queue.items[2]!.url })], 1);
    expect(outcomeOf(poll)).toBe("queued");
    expect(applyPollOutcome(queue, poll, () => "new")!.items.map((i) => i.id)).toEqual(["q3", "q1", "q2"]);
  });

  test("a link wins (or an item since removed): it is added at the front", () => {
    const poll = winnerOf([option("Delta", { url: "https://www.youtube.com/watch?v=ddddddddddd" }), option("E")], 0);
    expect(applyPollOutcome(queue, poll, () => "new")!.items[0]).toEqual({ id: "new", url: "https://www.youtube.com/watch?v=ddddddddddd", title: "Delta" });
  });

  test("a title without a link is only announced: the queue does not change", () => {
    const poll = winnerOf([option("Dinner first"), option("E")], 0);
    expect(outcomeOf(poll)).toBe("announced");
    expect(applyPollOutcome(queue, poll, () => "new")).toBeNull();
  });

  test("a break wins: it becomes the pending break; 'No break' changes nothing", () => {
    const breaks = [option("No break", { breakSeconds: 0 }), option("10 min break", { breakSeconds: 600 })];
    expect(applyPollOutcome(queue, winnerOf(breaks, 1), () => "x")).toMatchObject({ pendingBreak: { seconds: 600 } });
    expect(outcomeOf(winnerOf(breaks, 0))).toBe("no-break");
    expect(applyPollOutcome(queue, winnerOf(breaks, 0), () => "x")).toBeNull();
  });
});

describe("discussion break", () => {
  const pending: QueueState = { ...queue, pendingBreak: { seconds: 600 } };

  test("the marathon moving on takes the pending break: the next item starts after it", () => {
    const next = takePendingBreak(pending, "m2", 50_000);
    expect(next.start).toEqual({ mediaId: "m2", at: 650_000, kind: "break" });
    expect(next.pendingBreak).toBeNull();
    expect(takePendingBreak(queue, "m2", 50_000)).toBe(queue);
  });

  test("the host extends a running break by five minutes or skips it (starts now)", () => {
    const running = takePendingBreak(pending, "m2", 50_000);
    const extended = changeBreak(running, "extend", 60_000);
    expect(extended).toMatchObject({ ok: true, queue: { start: { at: 650_000 + BREAK_EXTEND_SECONDS * 1000, kind: "break" } } });
    expect(changeBreak(running, "skip", 60_000)).toMatchObject({ ok: true, queue: { start: { mediaId: "m2", at: 60_000 } } });
  });

  test("before the item ends, the pending break can be extended or dropped; with no break there is nothing to change", () => {
    expect(changeBreak(pending, "extend", 0)).toMatchObject({ ok: true, queue: { pendingBreak: { seconds: 900 } } });
    expect(changeBreak(pending, "skip", 0)).toMatchObject({ ok: true, queue: { pendingBreak: null } });
    expect(changeBreak(queue, "skip", 0)).toEqual({ ok: false, message: "There is no break to change." });
    const over = takePendingBreak(pending, "m2", 0);
    expect(changeBreak(over, "skip", 700_000)).toEqual({ ok: false, message: "There is no break to change." });
  });
});

test("who may vote by a poll's guest rule: accounts always, the host always, guests only where guests vote", () => {
  const accountsOnly = { guestVotes: "accounts_only" as const };
  const perDevice = { guestVotes: "one_per_device" as const };
  expect(mayVoteIn(accountsOnly, { isGuest: false, isHost: false })).toBe(true);
  expect(mayVoteIn(accountsOnly, { isGuest: true, isHost: true })).toBe(true);
  expect(mayVoteIn(accountsOnly, { isGuest: true, isHost: false })).toBe(false);
  expect(mayVoteIn(perDevice, { isGuest: true, isHost: false })).toBe(true);
});

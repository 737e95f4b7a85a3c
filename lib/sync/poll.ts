/**
 * A live party's poll: the room votes on the next viewing (2–6 options from the queue or free text)
 * or on a discussion break before it (options are break lengths). Pure rules, shared by the server
 * (which folds them), the website and the extension (which show the public state).
 *
 * Why the log holds entries, not the whole poll: votes come from every member at once, possibly
 * through different app instances. A whole-state event computed from one instance's replica would
 * overwrite a vote that another instance appended meanwhile. So each change is logged as a small
 * entry (`poll.entry`: open, vote, close, cancel, pick) and every replica folds the entries in log
 * order with `applyPollEntry` — the same tallies everywhere, no lost vote. Entries name the voter
 * (one vote per identity) and stay on the server: each replica turns the folded record into the
 * public `poll` event (`publicPoll`: tallies, never voter ids) for the streams it serves. The host of
 * a public poll reads who voted from GET /api/v1/parties/{id}/poll (host only).
 *
 * A poll closes when the host closes it or at its deadline. The deadline is enforced twice: a vote
 * stamped at or after it is ignored by the fold, and every instance holding the party arms a timer
 * that appends a close; closing is idempotent (a close for a poll that is no longer open is stale and
 * ignored), so several instances closing at once close it once. The entry that decided the winner
 * (`resolvedBy`) is the one whose author applies the outcome (queues the winner, or schedules the
 * break), so it happens exactly once.
 */
import { z } from "zod";
import { safeText } from "./safe-text";
import { BREAK_MAX_SECONDS, QUEUE_MAX_ITEMS, QUEUE_TITLE_MAX, type QueueItem, type QueueLink, type QueueState } from "./queue";

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 6;
export const POLL_MIN_SECONDS = 30;
export const POLL_MAX_SECONDS = 30 * 60;
/** The discussion-period vote's default choices, in minutes (0 = "No break"). */
export const DEFAULT_BREAK_MINUTES = [0, 5, 10, 15] as const;
export const BREAK_MAX_MINUTES = 60;
/** What "Extend" adds to a break. */
export const BREAK_EXTEND_SECONDS = 5 * 60;

const id = z.string().min(1).max(64);
const time = z.number().nonnegative();

export const POLL_KINDS = ["next", "break"] as const;
/**
 * How guests (no account) vote in a poll, the host's choice when opening it. A guest identity costs
 * nothing to make, so by default only members with an account vote ("accounts_only"); the host may let
 * guests vote, one ballot per device within the poll ("one_per_device": the server knows a device by
 * its network address, so several guests behind one address count once).
 */
export const POLL_GUEST_VOTES = ["accounts_only", "one_per_device"] as const;
export type PollGuestVotes = (typeof POLL_GUEST_VOTES)[number];
export const DEFAULT_POLL_GUEST_VOTES: PollGuestVotes = "accounts_only";
/**
 * Whether a member may vote in `poll` by its guest rule: a guest (no account) only where guests vote,
 * the host always (one identity per party, whatever it is). The server refuses the rest; the room
 * does not offer them a choice.
 */
export function mayVoteIn(poll: { guestVotes: PollGuestVotes }, member: { isGuest: boolean; isHost: boolean }): boolean {
  return !member.isGuest || member.isHost || poll.guestVotes !== "accounts_only";
}

/** What a voter is told of the rule (the poll panel, the overlay). */
export const GUEST_VOTES_TEXT: Record<PollGuestVotes, string> = {
  accounts_only: "Members with an account vote; guests watch the tally.",
  one_per_device: "Guests vote too: one guest vote per device.",
};
export const POLL_STATUSES = ["open", "tie", "closed", "cancelled"] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export const pollOptionSchema = z.object({
  label: z.string().max(QUEUE_TITLE_MAX),
  /** A link to queue when this option wins (null: a title only, announced). */
  url: z.url({ protocol: /^https?$/ }).max(2048).nullable(),
  /** The queue item this option was taken from (it is moved to the front when it wins). */
  itemId: id.nullable(),
  /** A break option's length in seconds (0 = no break); null for a viewing. */
  breakSeconds: z.number().int().min(0).max(BREAK_MAX_SECONDS).nullable(),
});
export type PollOption = z.infer<typeof pollOptionSchema>;

/** What everyone sees: the options, live tallies and the result; never who voted. */
export const pollSchema = z.object({
  id,
  kind: z.enum(POLL_KINDS),
  /** public: the host sees who voted for what; anonymous: nobody does. */
  visibility: z.enum(["public", "anonymous"]),
  /** Who counts among guests (POLL_GUEST_VOTES); a poll from before the rule reads as the default. */
  guestVotes: z.enum(POLL_GUEST_VOTES).default(DEFAULT_POLL_GUEST_VOTES),
  options: z.array(pollOptionSchema).min(POLL_MIN_OPTIONS).max(POLL_MAX_OPTIONS),
  openedAt: time,
  /** Server time (ms) at which it closes by itself; null = open until the host closes it. */
  endsAt: time.nullable(),
  status: z.enum(POLL_STATUSES),
  /** Votes per option, in option order. */
  tallies: z.array(z.number().int().nonnegative()),
  /** The winning option's index once decided. */
  winner: z.number().int().nonnegative().nullable(),
  /** With status "tie": the options the host picks from. */
  tied: z.array(z.number().int().nonnegative()),
});
export type Poll = z.infer<typeof pollSchema>;

// ---------------------------------------------------------------------------------------------------
// Opening a poll

const optionInputSchema = z
  .object({
    itemId: id.optional(),
    url: safeText("Link").trim().min(1, "Paste a link or remove the option.").max(2048, "That link is too long.").optional(),
    title: safeText("Title").trim().max(QUEUE_TITLE_MAX, `Titles are at most ${QUEUE_TITLE_MAX} characters.`).optional(),
  })
  .strict()
  .refine((o) => o.itemId !== undefined || o.url !== undefined || (o.title !== undefined && o.title.length > 0), "Each option needs a queue item, a link or a title.")
  .refine((o) => !(o.itemId !== undefined && o.url !== undefined), "An option is either a queue item or a link, not both.");
export type PollOptionInput = z.infer<typeof optionInputSchema>;

const duration = z
  .number()
  .int("The duration is a whole number of seconds.")
  .min(POLL_MIN_SECONDS, `A poll lasts at least ${POLL_MIN_SECONDS} seconds.`)
  .max(POLL_MAX_SECONDS, `A poll lasts at most ${POLL_MAX_SECONDS / 60} minutes.`)
  .nullable();

const guestVotes = z.enum(POLL_GUEST_VOTES, { error: `Guest votes are "${POLL_GUEST_VOTES.join('" or "')}".` }).default(DEFAULT_POLL_GUEST_VOTES);

export const pollOpenInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("next"),
    options: z
      .array(optionInputSchema)
      .min(POLL_MIN_OPTIONS, `A poll has at least ${POLL_MIN_OPTIONS} options.`)
      .max(POLL_MAX_OPTIONS, `A poll has at most ${POLL_MAX_OPTIONS} options.`),
    /** Seconds, or null: open until the host closes it. */
    durationSeconds: duration,
    public: z.boolean().default(false),
    guestVotes,
  }),
  z.object({
    kind: z.literal("break"),
    /** Break lengths to choose from, in minutes (0 = "No break"). */
    breakMinutes: z
      .array(z.number().int("Break lengths are whole minutes.").min(0).max(BREAK_MAX_MINUTES, `A break is at most ${BREAK_MAX_MINUTES} minutes.`))
      .min(POLL_MIN_OPTIONS, `A poll has at least ${POLL_MIN_OPTIONS} options.`)
      .max(POLL_MAX_OPTIONS, `A poll has at most ${POLL_MAX_OPTIONS} options.`)
      .refine((m) => new Set(m).size === m.length, "Each break length may appear once.")
      .default([...DEFAULT_BREAK_MINUTES]),
    durationSeconds: duration,
    public: z.boolean().default(false),
    guestVotes,
  }),
]);
export type PollOpenInput = z.infer<typeof pollOpenInputSchema>;

export interface PollOpenContext {
  queue: QueueState;
  /** The queue's link rule for this party (normalizes a link or explains why it is refused). */
  accept(link: QueueLink): { ok: true; url: string; title: string } | { ok: false; message: string };
}

export function breakLabel(seconds: number): string {
  if (seconds === 0) return "No break";
  const minutes = seconds / 60;
  return `${minutes} min break`;
}

/** The options of a poll about to open, or why the input cannot make one (nothing is changed). */
export function buildPollOptions(input: PollOpenInput, ctx: PollOpenContext): { ok: true; options: PollOption[] } | { ok: false; message: string } {
  if (input.kind === "break") {
    return { ok: true, options: input.breakMinutes.map((m) => ({ label: breakLabel(m * 60), url: null, itemId: null, breakSeconds: m * 60 })) };
  }
  const options: PollOption[] = [];
  for (const [index, raw] of input.options.entries()) {
    const where = `Option ${index + 1}: `;
    let option: PollOption;
    if (raw.itemId !== undefined) {
      const item: QueueItem | undefined = ctx.queue.items.find((i) => i.id === raw.itemId);
      if (!item) return { ok: false, message: `${where}that item is no longer in the queue.` };
      option = { label: raw.title || item.title, url: item.url, itemId: item.id, breakSeconds: null };
    } else if (raw.url !== undefined) {
      const accepted = ctx.accept({ url: raw.url, title: raw.title || undefined });
      if (!accepted.ok) return { ok: false, message: where + accepted.message };
      option = { label: accepted.title, url: accepted.url, itemId: null, breakSeconds: null };
    } else {
      option = { label: raw.title!, url: null, itemId: null, breakSeconds: null };
    }
    const same = options.findIndex((o) => (option.url !== null && o.url === option.url) || (option.url === null && o.url === null && o.label === option.label));
    if (same !== -1) return { ok: false, message: `${where}it is the same as option ${same + 1}.` };
    options.push(option);
  }
  return { ok: true, options };
}

// ---------------------------------------------------------------------------------------------------
// The log entries and their fold (server side)

export interface PollBallot {
  option: number;
  /** Display name at voting time (shown to the host of a public poll). */
  name: string;
  /** A guest's device key (see the vote entry), so another guest on that device is not counted. */
  device?: string;
}

/** The server's record of the party's latest poll: the public state plus every ballot. */
export interface PollRecord {
  poll: Poll;
  /** Voter id → ballot. */
  ballots: Record<string, PollBallot>;
  /** Id of the log entry that decided the winner (its author applies the outcome). */
  resolvedBy: string | null;
}

export type PollEntry =
  | { op: "open"; poll: Pick<Poll, "id" | "kind" | "visibility" | "options" | "openedAt" | "endsAt"> & { guestVotes?: PollGuestVotes } }
  /** `device`: a guest's device key, opaque and particular to this poll (one_per_device polls only). */
  | { op: "vote"; pollId: string; voterId: string; name: string; option: number; at: number; device?: string }
  | { op: "close"; pollId: string; at: number }
  | { op: "cancel"; pollId: string }
  | { op: "pick"; pollId: string; option: number };

/** Open, or tied and waiting for the host's pick: no other poll may open meanwhile. */
export function isUnresolved(record: Pick<PollRecord, "poll"> | null): boolean {
  return record !== null && (record.poll.status === "open" || record.poll.status === "tie");
}

function tally(poll: Poll, ballots: Record<string, PollBallot>): number[] {
  const tallies = poll.options.map(() => 0);
  for (const ballot of Object.values(ballots)) tallies[ballot.option] = (tallies[ballot.option] ?? 0) + 1;
  return tallies;
}

/**
 * Folds one log entry (`entryId`: its log id). Returns the record unchanged (the same object) when the
 * entry is stale: a second poll while one is unresolved, a vote or close for a poll no longer open, a
 * vote at or after the deadline, a pick that is not among the tied options.
 */
export function applyPollEntry(record: PollRecord | null, entry: PollEntry, entryId: string): PollRecord | null {
  if (entry.op === "open") {
    if (isUnresolved(record)) return record;
    const poll: Poll = { ...entry.poll, guestVotes: entry.poll.guestVotes ?? DEFAULT_POLL_GUEST_VOTES, status: "open", tallies: entry.poll.options.map(() => 0), winner: null, tied: [] };
    return { poll, ballots: {}, resolvedBy: null };
  }
  if (!record || record.poll.id !== entry.pollId) return record;
  const { poll } = record;
  switch (entry.op) {
    case "vote": {
      if (poll.status !== "open" || entry.option < 0 || entry.option >= poll.options.length) return record;
      if (poll.endsAt !== null && entry.at >= poll.endsAt) return record;
      // One guest ballot per device: a second guest identity on a device that voted is not counted
      // (checked here too, so two votes racing through different instances still count once).
      if (entry.device !== undefined && deviceVoter(record, entry.device, entry.voterId) !== null) return record;
      const ballot: PollBallot = { option: entry.option, name: entry.name, ...(entry.device !== undefined ? { device: entry.device } : {}) };
      const ballots = { ...record.ballots, [entry.voterId]: ballot };
      return { ...record, ballots, poll: { ...poll, tallies: tally(poll, ballots) } };
    }
    case "close": {
      if (poll.status !== "open") return record;
      const max = Math.max(...poll.tallies);
      const leaders = poll.tallies.flatMap((count, index) => (count === max ? [index] : []));
      if (leaders.length === 1) return { ...record, poll: { ...poll, status: "closed", winner: leaders[0]!, tied: [] }, resolvedBy: entryId };
      // A tie (or nobody voted, a tie of all options): the host picks.
      return { ...record, poll: { ...poll, status: "tie", tied: leaders } };
    }
    case "cancel":
      if (poll.status !== "open" && poll.status !== "tie") return record;
      return { ...record, poll: { ...poll, status: "cancelled", tied: [] } };
    case "pick":
      if (poll.status !== "tie" || !poll.tied.includes(entry.option)) return record;
      return { ...record, poll: { ...poll, status: "closed", winner: entry.option, tied: [] }, resolvedBy: entryId };
  }
}

/** Another voter whose ballot came from `device` (null if none): that device has used its guest vote. */
export function deviceVoter(record: PollRecord, device: string, voterId: string): string | null {
  for (const [voter, ballot] of Object.entries(record.ballots)) if (voter !== voterId && ballot.device === device) return voter;
  return null;
}

/** Whether an open poll's deadline has passed at server time `now`. */
export function isExpired(poll: Poll, now: number): boolean {
  return poll.status === "open" && poll.endsAt !== null && now >= poll.endsAt;
}

/** Who voted for what (the host's view of a public poll): names per option, in option order. */
export function votersByOption(record: PollRecord): string[][] {
  const voters = record.poll.options.map((): string[] => []);
  for (const ballot of Object.values(record.ballots)) voters[ballot.option]?.push(ballot.name);
  for (const names of voters) names.sort((a, b) => a.localeCompare(b));
  return voters;
}

// ---------------------------------------------------------------------------------------------------
// The outcome: the winner queued next, or the break scheduled

export type PollOutcome = "queued" | "announced" | "break" | "no-break";

export function outcomeOf(poll: Poll): PollOutcome | null {
  if (poll.status !== "closed" || poll.winner === null) return null;
  const option = poll.options[poll.winner]!;
  if (option.breakSeconds !== null) return option.breakSeconds > 0 ? "break" : "no-break";
  return option.url !== null ? "queued" : "announced";
}

/**
 * The queue after the poll's winner: a queue item still queued moves to the front; another link is
 * added at the front (if the queue has room); a break length becomes the pending break, taken when
 * the current item ends. Returns null when the queue does not change (a title, "No break").
 */
export function applyPollOutcome(queue: QueueState, poll: Poll, newId: () => string): QueueState | null {
  const outcome = outcomeOf(poll);
  const option = poll.winner === null ? undefined : poll.options[poll.winner];
  if (!option || !outcome) return null;
  if (outcome === "break") return { ...queue, pendingBreak: { seconds: option.breakSeconds! } };
  if (outcome !== "queued") return null;
  const queued = option.itemId === null ? undefined : queue.items.find((i) => i.id === option.itemId);
  if (queued) return { ...queue, items: [queued, ...queue.items.filter((i) => i !== queued)] };
  if (queue.items.length >= QUEUE_MAX_ITEMS) return null;
  return { ...queue, items: [{ id: newId(), url: option.url!, title: option.label }, ...queue.items] };
}

/**
 * The marathon moved on to `mediaId` at `now`: a pending break delays its start by the break's
 * length (the countdown everyone sees is the queue's `start`) and is used up.
 */
export function takePendingBreak(queue: QueueState, mediaId: string, now: number): QueueState {
  const pending = queue.pendingBreak;
  if (!pending) return queue;
  return { ...queue, pendingBreak: null, start: { mediaId, at: now + pending.seconds * 1000, kind: "break" } };
}

export type BreakCommandResult = { ok: true; queue: QueueState } | { ok: false; message: string };

/** The host skips the break (the item starts now; a pending break is dropped) or extends it by five minutes. */
export function changeBreak(queue: QueueState, action: "skip" | "extend", now: number): BreakCommandResult {
  const running = queue.start && queue.start.kind === "break" && queue.start.at > now ? queue.start : null;
  if (running) {
    if (action === "skip") return { ok: true, queue: { ...queue, start: { ...running, at: now } } };
    const at = Math.min(running.at + BREAK_EXTEND_SECONDS * 1000, now + BREAK_MAX_SECONDS * 1000);
    return { ok: true, queue: { ...queue, start: { ...running, at } } };
  }
  if (queue.pendingBreak) {
    if (action === "skip") return { ok: true, queue: { ...queue, pendingBreak: null } };
    return { ok: true, queue: { ...queue, pendingBreak: { seconds: Math.min(queue.pendingBreak.seconds + BREAK_EXTEND_SECONDS, BREAK_MAX_SECONDS) } } };
  }
  return { ok: false, message: "There is no break to change." };
}

/** A poll entry as the party's log holds it: server-internal, never sent to a client as such. */
export interface PollEntryEvent {
  v: 1;
  type: "poll.entry";
  entry: PollEntry;
}

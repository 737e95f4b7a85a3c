import "server-only";
/**
 * Poll commands (lib/sync/poll): the host opens, closes, cancels, picks among tied options and skips
 * or extends the discussion break; every member with an account votes, and guests as the poll's
 * guest rule says (none, or one per device). Each change is one `poll.entry` appended to
 * the party's log and folded by every replica (see lib/sync/poll for why entries, not whole states).
 * A close or pick waits for its own entry to be folded here: if that entry decided the winner, this
 * request applies the outcome (winner to the front of the queue, or the pending break), so it
 * happens once even when the host and the deadline timers of several instances close together.
 */
import { createHmac, randomUUID } from "node:crypto";
import { getEnv } from "@/lib/server/env";
import { conflict, forbidden, unprocessable } from "@/lib/server/http/api-error";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import {
  applyPollOutcome,
  buildPollOptions,
  changeBreak,
  deviceVoter,
  isExpired,
  isUnresolved,
  mayVoteIn,
  PROTOCOL_VERSION,
  type Poll,
  type PollCommand,
  type PollEntry,
} from "@/lib/sync";
import { queueLinkRule } from "./queue-links";
import { log } from "@/lib/server/log";

/** How long a close waits for its entry to come back through the bus before giving up on the outcome. */
const FOLD_WAIT_MS = 10_000;
const NOT_OPEN = "That poll is no longer open.";
export const GUEST_VOTES_ACCOUNTS_ONLY = "Only members with an account vote in this poll. Sign in to vote.";
export const GUEST_DEVICE_VOTED = "A guest on this device has already voted in this poll. Sign in to vote as well.";

export interface PollCaller {
  id: string;
  displayName: string;
  /** A guest identity (no account): counted as the poll's guest rule says. */
  isGuest: boolean;
  /** The caller's network address (rate-limit.ts clientKey): what tells one guest device from another. */
  address: string;
}

/**
 * A guest's device within one poll: a keyed hash of their address and the poll, so the log never
 * holds an address and keys of two polls cannot be matched to each other.
 */
function deviceKey(pollId: string, address: string): string {
  return createHmac("sha256", `poll-device:${getEnv().authSecret}`).update(`${pollId}\n${address}`).digest("base64url").slice(0, 22);
}

async function append(room: Room, entry: PollEntry): Promise<string> {
  return publish(room, { v: PROTOCOL_VERSION, type: "poll.entry", entry });
}

function currentPoll(room: Room, pollId: string): Poll {
  const poll = room.poll?.poll;
  if (!poll || poll.id !== pollId) throw conflict("poll_closed", NOT_OPEN);
  return poll;
}

/** After an entry that may decide the winner: the author of the deciding entry applies the outcome. */
async function settle(room: Room, entryId: string): Promise<void> {
  if (!(await room.folded(entryId, FOLD_WAIT_MS))) return;
  const record = room.poll;
  if (!record || record.resolvedBy !== entryId) return;
  const queue = applyPollOutcome(room.queue, record.poll, () => randomUUID());
  if (queue) await publish(room, { v: PROTOCOL_VERSION, type: "queue", queue });
}

/** Closes the poll if it is still open (the host, or its deadline on any instance); stale closes change nothing. */
export async function closePoll(room: Room, pollId: string, now: number): Promise<string | null> {
  const poll = room.poll?.poll;
  if (room.ended || !poll || poll.id !== pollId || poll.status !== "open") return null;
  const id = await append(room, { op: "close", pollId, at: now });
  await settle(room, id);
  return id;
}

export async function handlePollCommand(room: Room, caller: PollCaller, command: PollCommand, receivedAt: number): Promise<{ id: string | null }> {
  switch (command.type) {
    case "poll.open": {
      if (isUnresolved(room.poll)) throw conflict("poll_open", "A poll is already open in this party: close or cancel it first.");
      const built = buildPollOptions(command.poll, { queue: room.queue, accept: queueLinkRule(room.media.url) });
      if (!built.ok) throw unprocessable(built.message);
      const { durationSeconds } = command.poll;
      const poll = {
        id: randomUUID(),
        kind: command.poll.kind,
        visibility: command.poll.public ? ("public" as const) : ("anonymous" as const),
        guestVotes: command.poll.guestVotes,
        options: built.options,
        openedAt: receivedAt,
        endsAt: durationSeconds === null ? null : receivedAt + durationSeconds * 1000,
      };
      const id = await append(room, { op: "open", poll });
      // Two opens racing (two instances): the log keeps the first; the second learns it here.
      if ((await room.folded(id, FOLD_WAIT_MS)) && room.poll?.poll.id !== poll.id) throw conflict("poll_open", "A poll is already open in this party: close or cancel it first.");
      return { id };
    }
    case "poll.vote": {
      const poll = currentPoll(room, command.pollId);
      if (isExpired(poll, receivedAt)) {
        void closePoll(room, poll.id, receivedAt).catch((error: unknown) => log.error({ err: error }, "[poll] close"));
        throw conflict("poll_closed", "This poll has closed.");
      }
      if (poll.status !== "open") throw conflict("poll_closed", "This poll has closed.");
      if (command.option >= poll.options.length) throw unprocessable(`option: choose one of the ${poll.options.length} options (0–${poll.options.length - 1}).`);
      let device: string | undefined;
      const isHost = caller.id === room.meta.hostUserId;
      if (caller.isGuest && !isHost) {
        // A guest identity is free to make: the host's rule decides whether (and how often) guests count.
        // The host is one identity per party, whatever it is, and votes like any member.
        if (!mayVoteIn(poll, { isGuest: true, isHost })) throw forbidden(GUEST_VOTES_ACCOUNTS_ONLY, "account_required");
        device = deviceKey(poll.id, caller.address);
        if (room.poll && deviceVoter(room.poll, device, caller.id) !== null) throw forbidden(GUEST_DEVICE_VOTED, "device_voted");
      }
      const name = caller.displayName.slice(0, 100);
      const entry: PollEntry = { op: "vote", pollId: poll.id, voterId: caller.id, name, option: command.option, at: receivedAt, ...(device !== undefined ? { device } : {}) };
      return { id: await append(room, entry) };
    }
    case "poll.close": {
      const poll = currentPoll(room, command.pollId);
      if (poll.status !== "open") throw conflict("poll_closed", poll.status === "tie" ? "This poll is closed: pick one of the tied options." : NOT_OPEN);
      return { id: await closePoll(room, poll.id, receivedAt) };
    }
    case "poll.cancel": {
      const poll = currentPoll(room, command.pollId);
      if (poll.status !== "open" && poll.status !== "tie") throw conflict("poll_closed", NOT_OPEN);
      return { id: await append(room, { op: "cancel", pollId: poll.id }) };
    }
    case "poll.pick": {
      const poll = currentPoll(room, command.pollId);
      if (poll.status !== "tie") throw conflict("poll_not_tied", "Only a tied poll waits for the host's pick.");
      if (!poll.tied.includes(command.option)) throw unprocessable(`option: pick one of the tied options (${poll.tied.join(", ")}).`);
      const id = await append(room, { op: "pick", pollId: poll.id, option: command.option });
      await settle(room, id);
      return { id };
    }
    case "break.skip":
    case "break.extend": {
      const result = changeBreak(room.queue, command.type === "break.skip" ? "skip" : "extend", receivedAt);
      if (!result.ok) throw conflict("no_break", result.message);
      return { id: await publish(room, { v: PROTOCOL_VERSION, type: "queue", queue: result.queue }) };
    }
  }
}

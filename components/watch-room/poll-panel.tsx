"use client";
/**
 * The room's vote: everyone sees the poll with live tallies and its countdown and votes (a radio
 * group; a vote can be changed until the poll closes); the host opens polls (PollForm), closes them
 * early, cancels them, picks among tied options, and skips or extends the discussion break the room
 * voted for. The host of a public poll also sees who voted for what. Opening a poll (PollForm) is in
 * the host panel, loaded when the host opens it.
 */
import { useEffect, useState } from "react";
import { formatCountdown, pollQuestion, pollStatusText } from "@/lib/party-client/poll-text";
import { GUEST_VOTES_TEXT, isUnresolved, mayVoteIn, PROTOCOL_VERSION, type ClientCommand, type Poll, type QueueState } from "@/lib/sync";
import { Button } from "@/components/ui/button";
import type { SendCommand } from "@/lib/party-client/types";

interface PollPanelProps {
  poll: Poll | null;
  yourVote: number | null;
  /** Names per option (the host of a public poll), else null. */
  voters: string[][] | null;
  queue: QueueState;
  isHost: boolean;
  /** The viewer joined as a guest (no account): an accounts-only poll shows them the tally, not the choice. */
  youAreGuest?: boolean;
  /** Seconds until the current item starts (an intermission or a break), or null. */
  startsIn: number | null;
  serverNow(): number | null;
  send: SendCommand;
  vote(pollId: string, option: number): Promise<void>;
}

/**
 * Re-renders every second while `active` and returns the estimated server time, read at each render
 * (the room re-renders often; a time kept in state would go stale whenever the interval is reset).
 */
function useServerNow(serverNow: () => number | null, active: boolean): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return active ? serverNow() : null;
}

export function PollPanel({ poll, yourVote, voters, queue, isHost, youAreGuest = false, startsIn, serverNow, send, vote }: PollPanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /**
   * The option just chosen, shown at once and until the room's state has the vote (`yourVote` moves
   * from what it was then, `before`), or the server refused it. Cleared on refusal only: the answer can
   * arrive before the room's state is re-rendered (its model updates in a transition), and clearing it
   * then showed the old choice for a moment.
   */
  const [choosing, setChoosing] = useState<{ pollId: string; option: number; before: number | null } | null>(null);
  const open = poll?.status === "open";
  // The server refuses a guest's vote in an accounts-only poll (the host always votes): not offered.
  const mayVote = open && mayVoteIn(poll, { isGuest: youAreGuest, isHost });
  const now = useServerNow(serverNow, open && poll.endsAt !== null);
  const unresolved = isUnresolved(poll ? { poll } : null);
  const breakRunning = queue.start?.kind === "break" && startsIn !== null;
  const pendingBreak = queue.pendingBreak ?? null;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  }
  const command = (c: ClientCommand) => run(() => send(c));

  if (!poll && !pendingBreak && !breakRunning) return null;
  const total = poll ? poll.tallies.reduce((a, b) => a + b, 0) : 0;
  return (
    <section aria-label="Vote" className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm text-slate-200" data-testid="poll-panel">
      {(breakRunning || pendingBreak) && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-amber-950/60 px-2 py-1.5 text-amber-100" role="status" data-testid="break-status">
          <span className="min-w-0 flex-1">
            {breakRunning ? `Break — the next video starts in ${formatCountdown(startsIn)}. Chat stays open.` : `A ${Math.round(pendingBreak!.seconds / 60)} min break follows this video.`}
          </span>
          {isHost && (
            <span className="flex gap-1">
              <Button variant="secondary" size="sm" className="min-h-11" disabled={busy} onClick={() => void command({ v: PROTOCOL_VERSION, type: "break.extend" })}>
                +5 min
              </Button>
              <Button variant="secondary" size="sm" className="min-h-11" disabled={busy} onClick={() => void command({ v: PROTOCOL_VERSION, type: "break.skip" })}>
                Skip break
              </Button>
            </span>
          )}
        </div>
      )}
      {poll && (
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold text-white" id="poll-question">
            {pollQuestion(poll)}
          </h2>
          <p className="text-slate-300" data-testid="poll-status" aria-live="polite">
            {pollStatusText(poll, now)}
            {poll.visibility === "public" ? " · public" : " · anonymous"}
          </p>
          <p className="text-slate-400" data-testid="poll-guest-rule">
            {GUEST_VOTES_TEXT[poll.guestVotes]}
            {open && !mayVote && " You joined as a guest: sign in with an account to vote."}
          </p>
          <div role="radiogroup" aria-labelledby="poll-question" className="flex flex-col gap-1.5" data-testid="poll-options">
            {poll.options.map((option, index) => {
              const count = poll.tallies[index] ?? 0;
              const share = total > 0 ? Math.round((count / total) * 100) : 0;
              const mine = (choosing?.pollId === poll.id && yourVote === choosing.before ? choosing.option : yourVote) === index;
              const winner = poll.winner === index;
              return (
                <div key={index} className="flex flex-col gap-1">
                  <label className={`relative flex cursor-pointer items-center gap-2 overflow-hidden min-h-11 rounded-md border px-2 py-1.5 ${mine ? "border-cyan-300" : winner ? "border-emerald-300" : "border-slate-700"} ${open ? "" : "cursor-default"}`}>
                    <span aria-hidden className="absolute inset-y-0 left-0 bg-cyan-300/15" style={{ width: `${share}%` }} />
                    <input
                      type="radio"
                      name={`poll-${poll.id}`}
                      className="relative size-6 shrink-0 accent-cyan-300"
                      aria-label={option.label}
                      aria-describedby={`poll-tally-${index}`}
                      checked={mine}
                      disabled={!mayVote}
                      onChange={() => {
                        setChoosing({ pollId: poll.id, option: index, before: yourVote });
                        void run(() =>
                          vote(poll.id, index).catch((error: unknown) => {
                            setChoosing(null);
                            throw error;
                          }),
                        );
                      }}
                    />
                    <span className="relative min-w-0 flex-1 break-words">{option.label}</span>
                    <span className="relative tabular-nums text-slate-300" id={`poll-tally-${index}`} data-testid="poll-tally">
                      {count}
                      <span className="sr-only"> {count === 1 ? "vote" : "votes"}</span>
                    </span>
                  </label>
                  {voters && (voters[index]?.length ?? 0) > 0 && <p className="pl-10 text-xs text-slate-400">{voters[index]!.join(", ")}</p>}
                  {isHost && poll.status === "tie" && poll.tied.includes(index) && (
                    <Button size="sm" className="min-h-11 self-start" disabled={busy} onClick={() => void command({ v: PROTOCOL_VERSION, type: "poll.pick", pollId: poll.id, option: index })}>
                      Pick {option.label}
                    </Button>
                  )}
                </div>
              );
            })}
          </div>
          {isHost && unresolved && (
            <div className="flex flex-wrap gap-2">
              {open && (
                <Button size="sm" className="min-h-11" disabled={busy} onClick={() => void command({ v: PROTOCOL_VERSION, type: "poll.close", pollId: poll.id })}>
                  Close poll
                </Button>
              )}
              <Button variant="secondary" size="sm" className="min-h-11" disabled={busy} onClick={() => void command({ v: PROTOCOL_VERSION, type: "poll.cancel", pollId: poll.id })}>
                Cancel poll
              </Button>
            </div>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

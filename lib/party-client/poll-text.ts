/** What a poll's state reads as, shared by the extension's overlay and the watch room. */
import { outcomeOf, type Poll } from "@/lib/sync";
import { formatClock } from "@/lib/sync/format-clock";

/** Time left, rounded up (a countdown shows 0:00 only once it is over). */
export function formatCountdown(seconds: number): string {
  return formatClock(Math.ceil(seconds));
}

export function pollQuestion(poll: Poll): string {
  return poll.kind === "break" ? "Break before the next video?" : "What do we watch next?";
}

/** The status line under the question; `serverNow` (ms) counts an open poll down. */
export function pollStatusText(poll: Poll, serverNow: number | null): string {
  const votes = poll.tallies.reduce((a, b) => a + b, 0);
  const counted = `${votes} vote${votes === 1 ? "" : "s"}`;
  switch (poll.status) {
    case "open":
      if (poll.endsAt === null) return `Open until the host closes it · ${counted}`;
      return serverNow === null ? `Open · ${counted}` : `Closes in ${formatCountdown((poll.endsAt - serverNow) / 1000)} · ${counted}`;
    case "tie":
      return votes === 0 ? "No votes — the host picks" : "Tie — the host picks";
    case "cancelled":
      return "The host cancelled this poll.";
    case "closed": {
      const winner = poll.winner === null ? null : poll.options[poll.winner];
      if (!winner) return "Closed.";
      switch (outcomeOf(poll)) {
        case "queued":
          return `Winner: ${winner.label} — up next`;
        case "announced":
          return `Winner: ${winner.label}`;
        case "break":
          return `Winner: ${winner.label} after this video`;
        default:
          return "Winner: no break";
      }
    }
  }
}

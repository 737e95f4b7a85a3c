/** The poll as it stood at the replay's moment: question, status, tallies and the winner. */
import { pollQuestion, pollStatusText } from "@/lib/party-client/poll-text";
import type { Poll } from "@/lib/sync";

export function ReplayPoll({ poll }: { poll: Poll | null }) {
  if (!poll) return null;
  return (
    <section className="rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm" aria-label="Poll" data-testid="replay-poll">
      <h2 className="font-semibold text-white">{pollQuestion(poll)}</h2>
      <p className="text-slate-300">{pollStatusText(poll, null)}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {poll.options.map((option, index) => (
          <li key={index} className={`flex justify-between gap-2 rounded px-2 py-1 ${poll.winner === index ? "bg-emerald-900/60 text-emerald-100" : "text-slate-200"}`}>
            <span>{option.label}</span>
            <span>{poll.tallies[index] ?? 0}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

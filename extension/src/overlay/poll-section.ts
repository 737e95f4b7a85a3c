/**
 * The overlay's compact poll: the question, a status line (countdown, "Tie — the host picks", the
 * winner), and one button per option with its live tally; pressing one votes (or changes the vote)
 * while the poll is open. Running the poll (open, close, pick, break) is done from the watch room.
 */
import type { Poll } from "@/lib/sync";
import { pollQuestion, pollStatusText } from "../../../lib/party-client/poll-text";

export class PollSection {
  readonly element: HTMLElement;
  private readonly question: HTMLElement;
  private readonly status: HTMLElement;
  private readonly options: HTMLElement;
  private poll: Poll | null = null;
  private renderedKey = "";

  constructor(
    private readonly doc: Document,
    private readonly onVote: (pollId: string, option: number) => void,
    private readonly serverNow: () => number | null,
  ) {
    this.element = doc.createElement("section");
    this.element.className = "poll";
    this.element.setAttribute("aria-label", "Vote");
    this.element.setAttribute("data-vp", "poll");
    this.element.hidden = true;
    this.question = doc.createElement("div");
    this.question.className = "poll-question";
    this.question.id = "vp-poll-question";
    this.status = doc.createElement("div");
    this.status.className = "status";
    this.status.setAttribute("data-vp", "poll-status");
    this.status.setAttribute("aria-live", "polite");
    this.options = doc.createElement("div");
    this.options.className = "poll-options";
    this.options.setAttribute("role", "group");
    this.options.setAttribute("aria-labelledby", "vp-poll-question");
    this.element.append(this.question, this.status, this.options);
  }

  render(poll: Poll | null, vote: number | null): void {
    this.poll = poll;
    // A cancelled poll is gone from the overlay; a decided one stays to show the winner.
    this.element.hidden = !poll || poll.status === "cancelled";
    if (!poll || this.element.hidden) return;
    this.question.textContent = pollQuestion(poll);
    this.tick();
    const key = `${poll.id}|${poll.status}|${poll.tallies.join(",")}|${poll.winner}|${vote}`;
    if (key === this.renderedKey) return;
    this.renderedKey = key;
    const open = poll.status === "open";
    this.options.replaceChildren(
      ...poll.options.map((option, index) => {
        const button = this.doc.createElement("button");
        button.type = "button";
        button.className = `secondary poll-option${poll.winner === index ? " winner" : ""}`;
        button.disabled = !open;
        button.setAttribute("aria-pressed", String(vote === index));
        button.setAttribute("data-vp", "poll-option");
        const label = this.doc.createElement("span");
        label.textContent = option.label;
        const count = this.doc.createElement("span");
        count.className = "tally";
        count.textContent = String(poll.tallies[index] ?? 0);
        button.append(label, count);
        button.addEventListener("click", () => this.onVote(poll.id, index));
        return button;
      }),
    );
  }

  /** Refreshes the countdown (called twice a second by the overlay). */
  tick(): void {
    if (this.poll && !this.element.hidden) this.status.textContent = pollStatusText(this.poll, this.serverNow());
  }
}

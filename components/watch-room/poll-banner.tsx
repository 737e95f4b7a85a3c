"use client";
/**
 * A running poll, announced across the top of the video, where everyone is already looking (the poll
 * itself sits with the room's panels, below the fold on a laptop, in a tab on a phone). "Vote" takes
 * the viewer to it; "See poll" once they voted, on a tie, or where they may not vote (a guest in an
 * accounts-only poll).
 */
import { Icon } from "@/components/ui/icon";
import { pollQuestion } from "@/lib/party-client/poll-text";
import { isUnresolved, type Poll } from "@/lib/sync";
import { Button } from "@/components/ui/button";

export function PollBanner({ poll, voted, mayVote = true, onShow }: { poll: Poll | null; voted: boolean; mayVote?: boolean; onShow(): void }) {
  if (!poll || !isUnresolved({ poll })) return null;
  const tie = poll.status === "tie";
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-cyan-300/60 bg-cyan-950/80 px-3 py-1.5 text-sm text-cyan-50" data-testid="poll-banner">
      <Icon name="vote" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{tie ? "Poll tied: " : "Poll: "}</span>
        {pollQuestion(poll)}
      </p>
      <Button size="sm" className="min-h-11 shrink-0" onClick={onShow}>
        {voted || tie || !mayVote ? "See poll" : "Vote"}
      </Button>
    </div>
  );
}

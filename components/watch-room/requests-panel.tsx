"use client";
/**
 * Track requests, live for everyone: members ask for a track by link (optional title) and see the
 * pending list with their own marked; the host accepts a request (it plays next) or dismisses it.
 * In music mode the request form is up front; otherwise it waits behind a "Request a video" toggle.
 */
import { useState, type FormEvent } from "react";
import { PROTOCOL_VERSION, QUEUE_TITLE_MAX, type TrackRequest } from "@/lib/sync";
import { useRoomCommand } from "@/lib/watch-room/use-room-command";
import { useLinkFields } from "@/components/common/use-link-fields";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { SendCommand } from "@/lib/party-client/types";

interface RequestsPanelProps {
  requests: TrackRequest[];
  isHost: boolean;
  /** The viewer's user id (marks their own requests). */
  youId: string | null;
  /** Music mode: the form is shown up front. */
  prominent: boolean;
  send: SendCommand;
}

export function RequestsPanel({ requests, isHost, youId, prominent, send }: RequestsPanelProps) {
  const { busy, error, run } = useRoomCommand(send);
  const { url, title, setUrl, setTitle, take } = useLinkFields();
  const [sent, setSent] = useState<string | null>(null);
  const noun = prominent ? "track" : "video";
  const mine = youId ? requests.filter((r) => r.requestedBy.userId === youId).length : 0;

  async function request(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const link = take();
    const ok = await run({ v: PROTOCOL_VERSION, type: "request.add", url: link.url.trim(), ...(link.title.trim() ? { title: link.title.trim() } : {}) });
    if (ok) {
      setSent(`Requested${link.title.trim() ? ` “${link.title.trim()}”` : ""}. The host will see it in the list below.`);
      link.done();
    }
  }

  if (isHost && requests.length === 0 && !prominent) return null;

  const form = (
    <form className="flex flex-col gap-2" onSubmit={(e) => void request(e)} aria-label={`Request a ${noun}`}>
      <Input className="min-h-11" aria-label="Link to request" placeholder="YouTube or TikTok link" required value={url} onChange={(e) => setUrl(e.target.value)} />
      <div className="flex gap-2">
        <Input
          className="min-h-11 min-w-0 flex-1"
          aria-label="Request title (optional)"
          placeholder="Title (optional)"
          maxLength={QUEUE_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Button type="submit" size="sm" className="min-h-11" disabled={busy || !url.trim()}>
          Request
        </Button>
      </div>
    </form>
  );

  return (
    <section
      aria-label="Requests"
      className={`flex flex-col gap-3 rounded-lg border p-3 text-sm text-slate-200 ${prominent ? "border-fuchsia-800/70 bg-fuchsia-950/30" : "border-slate-700 bg-slate-900/70"}`}
    >
      <h2 className="font-semibold text-white">{isHost ? `Requests (${requests.length})` : prominent ? "Request a track" : "Requests"}</h2>
      {!isHost &&
        (prominent ? (
          form
        ) : (
          <details>
            <summary className="flex min-h-11 cursor-pointer items-center text-cyan-200 hover:underline">Request a video</summary>
            <div className="mt-2">{form}</div>
          </details>
        ))}
      {isHost && requests.length > 0 && <p className="text-slate-400">An accepted request plays next, ahead of the queue.</p>}
      {sent && (
        <p role="status" className="text-emerald-300">
          {sent}
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {!isHost && mine > 0 && (
        <p className="text-slate-300" data-testid="my-requests">
          You have {mine} pending request{mine === 1 ? "" : "s"}.
        </p>
      )}
      {requests.length === 0 ? (
        <p className="text-slate-400">{isHost ? "No requests yet. Members can request tracks from their room." : "No pending requests."}</p>
      ) : (
        <ul className="space-y-2" data-testid="request-list">
          {requests.map((r) => {
            const yours = r.requestedBy.userId === youId;
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-950/60 px-2 py-1.5">
                <span className="min-w-0 flex-1 break-words">
                  <span className="text-slate-100">{r.title}</span>{" "}
                  <span className="text-slate-400">
                    — {yours ? "you" : r.requestedBy.displayName}
                  </span>
                </span>
                {isHost && (
                  <span className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      className="min-h-11"
                      disabled={busy}
                      aria-label={`Accept: ${r.title}`}
                      onClick={() => void run({ v: PROTOCOL_VERSION, type: "request.accept", requestId: r.id })}
                    >
                      Accept
                    </Button>
                    <Button
                      variant="secondary" size="sm" className="min-h-11"
                      disabled={busy}
                      aria-label={`Dismiss: ${r.title}`}
                      onClick={() => void run({ v: PROTOCOL_VERSION, type: "request.dismiss", requestId: r.id })}
                    >
                      Dismiss
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

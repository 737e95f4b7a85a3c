"use client";
/**
 * The host's queue, in the host panel: add links, play now, reorder, remove, and the marathon
 * settings (Autoplay YouTube, Autoplay TikTok, an intermission between items). Every change is a
 * command the server folds into the party's log. Everyone reads the queue in queue-panel.tsx.
 */
import { type FormEvent } from "react";
import { PROTOCOL_VERSION, type QueueState } from "@/lib/sync";
import { useRoomCommand } from "@/lib/watch-room/use-room-command";
import { useLinkFields } from "@/components/common/use-link-fields";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import type { SendCommand } from "@/lib/party-client/types";

const INTERMISSIONS = [0, 5, 10, 30, 60] as const;

interface QueueEditorProps {
  queue: QueueState;
  send: SendCommand;
}

export function QueueEditor({ queue, send }: QueueEditorProps) {
  const { url, title, setUrl, setTitle, take } = useLinkFields();
  const { busy, error, run } = useRoomCommand(send);

  async function add(event: FormEvent) {
    event.preventDefault();
    const link = take();
    const ok = await run({ v: PROTOCOL_VERSION, type: "queue.add", items: [{ url: link.url.trim(), ...(link.title.trim() ? { title: link.title.trim() } : {}) }] });
    if (ok) link.done();
  }

  const { items, settings } = queue;
  return (
    <section aria-label="Edit queue" className="flex flex-col gap-3 text-sm text-slate-200">
      <div>
        <div className="flex items-center gap-2">
          <h3 className="font-semibold text-white">Up next</h3>
          {items.length > 0 && (
            <Button variant="secondary" size="sm" className="ml-auto min-h-11" disabled={busy} onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.play", itemId: items[0]!.id })}>
              Play next
            </Button>
          )}
        </div>
        {items.length === 0 ? (
          <p className="mt-1 text-slate-400">Nothing queued yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {items.map((item, index) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-950/60 px-2 py-1.5">
                <span className="min-w-0 flex-1 break-words">
                  {index + 1}. {item.title}
                </span>
                <span className="flex flex-wrap gap-1">
                  <Button variant="secondary" size="sm" className="min-h-11 min-w-11" disabled={busy} aria-label={`Play now: ${item.title}`} onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.play", itemId: item.id })}>
                    Play now
                  </Button>
                  <Button variant="secondary" size="sm" className="min-h-11 min-w-11" disabled={busy || index === 0} aria-label={`Move up: ${item.title}`} onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.move", itemId: item.id, index: index - 1 })}>
                    ↑
                  </Button>
                  <Button variant="secondary" size="sm" className="min-h-11 min-w-11" disabled={busy || index === items.length - 1} aria-label={`Move down: ${item.title}`} onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.move", itemId: item.id, index: index + 1 })}>
                    ↓
                  </Button>
                  <Button variant="secondary" size="sm" className="min-h-11 min-w-11" disabled={busy} aria-label={`Remove: ${item.title}`} onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.remove", itemId: item.id })}>
                    ✕
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <form className="flex flex-col gap-2" onSubmit={(e) => void add(e)} aria-label="Add to queue">
        <Input className="min-h-11" aria-label="Video link" placeholder="YouTube or TikTok link" required value={url} onChange={(e) => setUrl(e.target.value)} />
        <div className="flex gap-2">
          <Input className="min-h-11 min-w-0 flex-1" aria-label="Title (optional)" placeholder="Title (optional)" maxLength={300} value={title} onChange={(e) => setTitle(e.target.value)} />
          <Button type="submit" size="sm" className="min-h-11 min-w-11" disabled={busy || !url.trim()}>
            Add
          </Button>
        </div>
      </form>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <legend className="sr-only">Marathon</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-6 accent-cyan-300" checked={settings.autoplayYoutube} disabled={busy} onChange={(e) => void run({ v: PROTOCOL_VERSION, type: "queue.settings", settings: { autoplayYoutube: e.target.checked } })} />
          Autoplay YouTube
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-6 accent-cyan-300" checked={settings.autoplayTiktok} disabled={busy} onChange={(e) => void run({ v: PROTOCOL_VERSION, type: "queue.settings", settings: { autoplayTiktok: e.target.checked } })} />
          Autoplay TikTok
        </label>
        <label className="flex min-h-11 items-center gap-2">
          Intermission
          <Select className="min-h-11" value={String(settings.intermissionSeconds)} disabled={busy} onChange={(e) => void run({ v: PROTOCOL_VERSION, type: "queue.settings", settings: { intermissionSeconds: Number(e.target.value) } })}>
            {INTERMISSIONS.map((s) => (
              <option key={s} value={String(s)}>
                {s === 0 ? "None" : `${s} s`}
              </option>
            ))}
          </Select>
        </label>
      </fieldset>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

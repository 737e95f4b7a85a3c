"use client";
/**
 * A scheduled party's programme: the links its live party will play, in order (the first starts it,
 * the rest wait in its queue). Everyone who sees the party sees it; its host adds, removes and moves
 * links, each change saved at once (the server checks the whole list; a refused change leaves it as it was).
 */
import { useId, useState, type FormEvent } from "react";
import { setScheduledPartyProgramme } from "@/lib/api/use-scheduled-parties";
import { PROGRAMME_MAX_ITEMS, type ProgrammeItem, type ScheduledParty } from "@/lib/schemas/scheduled-party";
import { failureText } from "./failure-text";
import { labelClass } from "./styles";
import { useLinkFields } from "@/components/common/use-link-fields";
import { useToast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export const PROGRAMME_SAVED = "Programme saved.";

interface Props {
  party: ScheduledParty;
  isOwner: boolean;
  onSaved(party: ScheduledParty): void;
}

export function ProgrammeSection({ party, isOwner, onSaved }: Props) {
  const id = useId();
  const { url, title, setUrl, setTitle, take } = useLinkFields();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const items = party.programme;
  const toast = useToast();

  async function save(next: { url: string; title?: string }[]): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      onSaved(await setScheduledPartyProgramme(party.id, next));
      toast.success(PROGRAMME_SAVED);
      return true;
    } catch (failure) {
      setError(failureText("Failed to save the programme.", failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const link = take();
    if (await save([...items, { url: link.url, title: link.title.trim() || undefined }])) link.done();
  }

  function move(index: number, by: number) {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    void save(next);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 border-t border-slate-700 pt-4">
      <h3 id={`${id}-title`} className="font-semibold text-white">
        Programme
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">{isOwner ? "No videos yet. Add the links the live party will play, in order." : "No programme yet."}</p>
      ) : (
        <ol aria-label="Programme in play order" className="mt-2 space-y-2">
          {items.map((item: ProgrammeItem, index) => (
            <li key={`${index}-${item.url}`} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 break-words text-slate-100">
                {index + 1}. {item.title}
              </span>
              {isOwner && (
                <span className="flex gap-1">
                  <Button variant="secondary" size="sm" aria-label={`Move up: ${item.title}`} disabled={busy || index === 0} onClick={() => move(index, -1)}>
                    Up
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Move down: ${item.title}`} disabled={busy || index === items.length - 1} onClick={() => move(index, 1)}>
                    Down
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Remove: ${item.title}`} disabled={busy} onClick={() => void save(items.filter((_, i) => i !== index))}>
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {isOwner && (
        <form className="mt-3 grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end" onSubmit={(e) => void add(e)}>
          <div>
            <label htmlFor={`${id}-url`} className={labelClass}>
              Video link
            </label>
            <Input id={`${id}-url`} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://www.youtube.com/watch?v=..." disabled={busy} />
          </div>
          <div>
            <label htmlFor={`${id}-title-input`} className={labelClass}>
              Title (optional)
            </label>
            <Input id={`${id}-title-input`} value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} disabled={busy} />
          </div>
          <Button type="submit" size="sm" className="h-10" disabled={busy || items.length >= PROGRAMME_MAX_ITEMS}>
            {busy ? "Saving..." : "Add to programme"}
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

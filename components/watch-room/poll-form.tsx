"use client";
/**
 * The host opens a poll: on the next viewing (2–6 options from the queue and free text — a link is
 * queued if it wins, a title is only announced) or on a discussion break (break lengths); for a
 * duration or until closed; anonymous, or public (the host sees who voted); and how guests vote:
 * not at all (members with an account only, the default: a guest identity costs nothing to make)
 * or one guest vote per device.
 */
import { useState, type FormEvent } from "react";
import {
  breakLabel,
  DEFAULT_BREAK_MINUTES,
  DEFAULT_POLL_GUEST_VOTES,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  PROTOCOL_VERSION,
  type PollGuestVotes,
  type PollOptionInput,
  type QueueState,
} from "@/lib/sync";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import type { SendCommand } from "@/lib/party-client/types";

const DURATIONS = [
  { seconds: 30, label: "30 seconds" },
  { seconds: 60, label: "1 minute" },
  { seconds: 120, label: "2 minutes" },
  { seconds: 300, label: "5 minutes" },
  { seconds: 600, label: "10 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 0, label: "Until I close it" },
] as const;
const BREAK_CHOICES = [0, 5, 10, 15, 20, 30] as const;
const GUEST_VOTE_CHOICES: { value: PollGuestVotes; label: string }[] = [
  { value: "accounts_only", label: "Members with an account only" },
  { value: "one_per_device", label: "Guests too, one vote per device" },
];
const FREE_TEXT_FIELDS = 3;

export function PollForm({ queue, send }: { queue: QueueState; send: SendCommand }) {
  const [kind, setKind] = useState<"next" | "break">("next");
  const [picked, setPicked] = useState<string[]>([]);
  const [texts, setTexts] = useState<string[]>(() => Array.from({ length: FREE_TEXT_FIELDS }, () => ""));
  const [breaks, setBreaks] = useState<number[]>([...DEFAULT_BREAK_MINUTES]);
  const [duration, setDuration] = useState(60);
  const [isPublic, setIsPublic] = useState(false);
  const [guestVotes, setGuestVotes] = useState<PollGuestVotes>(DEFAULT_POLL_GUEST_VOTES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const items = queue.items.filter((item) => picked.includes(item.id));
  const freeText = texts.map((t) => t.trim()).filter(Boolean);
  const optionCount = kind === "next" ? items.length + freeText.length : breaks.length;
  const tooFew = optionCount < POLL_MIN_OPTIONS;
  const tooMany = optionCount > POLL_MAX_OPTIONS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const durationSeconds = duration === 0 ? null : duration;
    const options: PollOptionInput[] = [...items.map((item) => ({ itemId: item.id })), ...freeText.map((text) => (/^https?:\/\//i.test(text) ? { url: text } : { title: text }))];
    const poll =
      kind === "next"
        ? { kind, options, durationSeconds, public: isPublic, guestVotes }
        : { kind, breakMinutes: [...breaks].sort((a, b) => a - b), durationSeconds, public: isPublic, guestVotes };
    setBusy(true);
    setError(null);
    try {
      await send({ v: PROTOCOL_VERSION, type: "poll.open", poll });
      setPicked([]);
      setTexts(Array.from({ length: FREE_TEXT_FIELDS }, () => ""));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  }

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  return (
    <form className="flex flex-col gap-2" aria-label="Open a poll" onSubmit={(e) => void submit(e)}>
      <h3 className="font-semibold text-white">Open a poll</h3>
      <label className="flex flex-wrap items-center gap-2">
        Vote on
        <Select className="min-h-11" value={kind} onChange={(e) => setKind(e.target.value === "break" ? "break" : "next")}>
          <option value="next">the next viewing</option>
          <option value="break">a discussion break</option>
        </Select>
      </label>
      {kind === "next" ? (
        <>
          {queue.items.length > 0 && (
            <fieldset className="flex flex-col gap-1">
              <legend className="text-slate-300">From the queue</legend>
              {queue.items.map((item) => (
                <label key={item.id} className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" className="size-6 shrink-0 accent-cyan-300" checked={picked.includes(item.id)} onChange={() => setPicked(toggle(picked, item.id))} />
                  <span className="min-w-0 break-words">{item.title}</span>
                </label>
              ))}
            </fieldset>
          )}
          <fieldset className="flex flex-col gap-1">
            <legend className="text-slate-300">Other options (a link or a title)</legend>
            {texts.map((text, index) => (
              <Input
                key={index}
                className="min-h-11"
                aria-label={`Other option ${index + 1}`}
                placeholder="YouTube link, or a title"
                maxLength={2048}
                value={text}
                onChange={(e) => setTexts(texts.map((t, i) => (i === index ? e.target.value : t)))}
              />
            ))}
          </fieldset>
        </>
      ) : (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="text-slate-300">Break lengths to choose from</legend>
          {BREAK_CHOICES.map((minutes) => (
            <label key={minutes} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-6 shrink-0 accent-cyan-300" checked={breaks.includes(minutes)} onChange={() => setBreaks(toggle(breaks, minutes))} />
              {breakLabel(minutes * 60)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2">
          Duration
          <Select className="min-h-11" value={String(duration)} onChange={(e) => setDuration(Number(e.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d.seconds} value={String(d.seconds)}>
                {d.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-6 shrink-0 accent-cyan-300" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
          Public (you see who voted)
        </label>
        <label className="flex flex-wrap items-center gap-2">
          Who votes
          <Select className="min-h-11" value={guestVotes} onChange={(e) => setGuestVotes(e.target.value === "one_per_device" ? "one_per_device" : "accounts_only")}>
            {GUEST_VOTE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <p className="text-slate-400" aria-live="polite">
        {tooFew ? `Choose at least ${POLL_MIN_OPTIONS} options.` : tooMany ? `At most ${POLL_MAX_OPTIONS} options.` : `${optionCount} options.`}
      </p>
      <Button type="submit" size="sm" className="min-h-11 self-start" disabled={busy || tooFew || tooMany}>
        Open poll
      </Button>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

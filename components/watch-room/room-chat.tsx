"use client";
/**
 * The party's built-in chat in the watch room (the same messages the extension's overlay shows).
 * Members report someone else's message to the host from here; a message you reported is hidden in
 * your view and shown as reported. The room's own lines (a poll started) are shown among the
 * messages at their time, set apart.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { CHAT_MAX, type ChatMessage } from "@/lib/sync";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export interface RoomChatProps {
  messages: readonly ChatMessage[];
  disabled: boolean;
  onSend(text: string): Promise<void>;
  /** Your member id (your own messages cannot be reported). */
  youId?: string | null;
  /** Ids of the messages you reported. */
  reportedByYou?: ReadonlySet<string>;
  onReport?(messageId: string): Promise<void>;
  /** The room's own lines (server time `at`), shown among the messages. */
  notices?: readonly ChatNotice[];
}

export interface ChatNotice {
  id: string;
  at: number;
  text: string;
}

type Line = { kind: "message"; message: ChatMessage } | { kind: "notice"; notice: ChatNotice };

function lines(messages: readonly ChatMessage[], notices: readonly ChatNotice[]): Line[] {
  const all: Line[] = messages.map((message) => ({ kind: "message", message }));
  // Only notices no older than the oldest message kept: the history is a window, and a notice from
  // before it would sit at the top as if it were the latest news.
  const since = messages[0]?.at ?? -Infinity;
  for (const notice of notices) {
    if (notice.at < since) continue;
    const index = all.findIndex((line) => line.kind === "message" && line.message.at > notice.at);
    all.splice(index === -1 ? all.length : index, 0, { kind: "notice", notice });
  }
  return all;
}

export function RoomChat({ messages, disabled, onSend, youId = null, reportedByYou, onReport, notices = [] }: RoomChatProps) {
  const confirm = useConfirm();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // Keyed on the newest message, not the count: once the history is full, a new message keeps the length.
  const shown = lines(messages, notices);
  const last = shown.at(-1);
  const newestId = last ? (last.kind === "message" ? last.message.id : last.notice.id) : undefined;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setSending(true);
    setError(null);
    try {
      await onSend(trimmed);
      setText("");
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSending(false);
    }
  }

  async function report(message: ChatMessage) {
    if (!onReport) return;
    if (!(await confirm({ message: `Report this message from ${message.displayName} to the host?`, confirmLabel: "Report" }))) return;
    setError(null);
    try {
      await onReport(message.id);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <section aria-label="Chat" className="flex min-h-0 flex-col rounded-lg border border-slate-700 bg-slate-900/70">
      <h2 className="border-b border-slate-700 px-3 py-2 text-sm font-semibold text-white">Chat</h2>
      <ol ref={listRef} className="max-h-72 min-h-32 flex-1 space-y-1.5 overflow-y-auto px-3 py-2 text-sm lg:max-h-[50vh]" aria-live="polite">
        {shown.length === 0 && <li className="text-slate-400">No messages yet. Say hi!</li>}
        {shown.map((line) => {
          if (line.kind === "notice") {
            return (
              <li key={line.notice.id} className="text-sm italic text-cyan-200" data-testid="chat-notice">
                {line.notice.text}
              </li>
            );
          }
          const m = line.message;
          return reportedByYou?.has(m.id) ? (
            <li key={m.id} className="italic text-slate-400" data-message-id={m.id}>
              Message from {m.displayName} reported
            </li>
          ) : (
            <li key={m.id} className="group flex items-start gap-2 break-words text-slate-200" data-message-id={m.id}>
              <span className="min-w-0 flex-1">
                <span className="font-semibold text-cyan-200">{m.displayName}</span>: {m.text}
              </span>
              {onReport && m.userId !== youId && (
                <Button
                  variant="ghost"
                  size="xs"
                  className="min-h-6 shrink-0"
                  aria-label={`Report message from ${m.displayName}`}
                  onClick={() => void report(m)}
                >
                  Report
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <form onSubmit={(e) => void submit(e)} className="flex gap-2 border-t border-slate-700 p-2">
        <Input
          className="min-h-11 min-w-0 flex-1"
          aria-label="Chat message"
          placeholder="Send a message"
          maxLength={CHAT_MAX}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" className="min-h-11" disabled={disabled || sending || !text.trim()}>
          Send
        </Button>
      </form>
      {error && (
        <p role="alert" className="px-3 pb-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

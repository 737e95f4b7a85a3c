"use client";
/**
 * The party's built-in chat in the watch room (the same messages the extension's overlay shows).
 * Members report someone else's message to the host from here; a message you reported is hidden in
 * your view and shown as reported.
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
}

export function RoomChat({ messages, disabled, onSend, youId = null, reportedByYou, onReport }: RoomChatProps) {
  const confirm = useConfirm();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // Keyed on the newest message, not the count: once the history is full, a new message keeps the length.
  const newestId = messages.at(-1)?.id;
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
        {messages.length === 0 && <li className="text-slate-400">No messages yet. Say hi!</li>}
        {messages.map((m) =>
          reportedByYou?.has(m.id) ? (
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
                  className="shrink-0"
                  aria-label={`Report message from ${m.displayName}`}
                  onClick={() => void report(m)}
                >
                  Report
                </Button>
              )}
            </li>
          ),
        )}
      </ol>
      <form onSubmit={(e) => void submit(e)} className="flex gap-2 border-t border-slate-700 p-2">
        <Input
          className="min-w-0 flex-1"
          aria-label="Chat message"
          placeholder="Send a message"
          maxLength={CHAT_MAX}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={disabled || sending || !text.trim()}>
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

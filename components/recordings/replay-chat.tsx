/** The recorded chat up to the replay's moment (the latest messages), or why there is none. */
import type { ChatMessage } from "@/lib/sync";

const SHOWN = 200;

export function ReplayChat({ messages, included }: { messages: ChatMessage[]; included: boolean }) {
  return (
    <section className="flex min-h-64 flex-col rounded-lg border border-slate-700 bg-slate-900/70" aria-label="Chat">
      <h2 className="border-b border-slate-700 px-3 py-2 text-sm font-semibold text-white">Chat</h2>
      {!included ? (
        <p className="p-3 text-sm text-slate-400">The host did not include the chat in this recording.</p>
      ) : messages.length === 0 ? (
        <p className="p-3 text-sm text-slate-400">No messages yet at this moment.</p>
      ) : (
        <ul className="flex max-h-[28rem] flex-col gap-1 overflow-y-auto p-3 text-sm" data-testid="replay-chat" aria-live="polite">
          {messages.slice(-SHOWN).map((message) => (
            <li key={message.id} className="break-words text-slate-200">
              <span className="font-semibold text-cyan-200">{message.displayName}</span> {message.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

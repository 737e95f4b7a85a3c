/** @jest-environment jsdom */
/**
 * The room's chat follows the newest message, also once the history is full (a new message then
 * drops the oldest and the number of messages stays the same).
 */
import { render } from "@testing-library/react";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { RoomChat } from "@/components/watch-room/room-chat";
import { CHAT_HISTORY, type ChatMessage } from "@/lib/sync";

const message = (i: number): ChatMessage => ({ id: `m${i}`, userId: "bob", displayName: "Bob", text: `message ${i}`, at: i });
const history = (from: number) => Array.from({ length: CHAT_HISTORY }, (_, i) => message(from + i));
const send = async () => undefined;

test("a new message scrolls the chat to it even when the history is full", () => {
  const chat = (messages: ChatMessage[]) => (
    <ConfirmProvider>
      <RoomChat messages={messages} disabled={false} onSend={send} />
    </ConfirmProvider>
  );
  const { container, rerender } = render(chat(history(0)));
  const list = container.querySelector("ol")!;
  // jsdom lays nothing out: give the list a height to scroll to and watch where it is put.
  Object.defineProperty(list, "scrollHeight", { configurable: true, value: 5000 });
  list.scrollTop = 0;
  rerender(chat(history(1)));
  expect(list.scrollTop).toBe(5000);
});

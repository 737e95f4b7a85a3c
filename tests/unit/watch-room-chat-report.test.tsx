/** @jest-environment jsdom */
/**
 * Reporting from the room's chat: others' messages offer Report (yours do not), a message you reported
 * is hidden in your view and shown as reported, and a refused report says why.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { RoomChat } from "@/components/watch-room/room-chat";
import type { ChatMessage } from "@/lib/sync";

const message = (id: string, userId: string, displayName: string, text: string): ChatMessage => ({ id, userId, displayName, text, at: 1 });
const messages = [message("m1", "me", "Me", "my words"), message("m2", "bob", "Bob", "something rude"), message("m3", "cat", "Cat", "hello all")];
const send = async () => undefined;

const renderChat = (chat: ReactElement) => render(<ConfirmProvider>{chat}</ConfirmProvider>);

/** Answers the in-page question the Report button asks (never a native dialog). */
async function answer(yes: boolean) {
  const question = await screen.findByRole("alertdialog");
  expect(question).toHaveTextContent(/Report this message from .+ to the host\?/);
  fireEvent.click(question.querySelector(yes ? "[data-confirm-accept]" : "[data-confirm-cancel]")!);
  await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
}

test("others' messages can be reported, yours cannot; a message you reported is hidden as reported", async () => {
  const onReport = jest.fn(async () => undefined);
  renderChat(<RoomChat messages={messages} disabled={false} onSend={send} youId="me" reportedByYou={new Set(["m2"])} onReport={onReport} />);
  expect(screen.queryByRole("button", { name: "Report message from Me" })).toBeNull();
  expect(screen.queryByText(/something rude/)).toBeNull();
  expect(screen.getByText("Message from Bob reported")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Report message from Bob" })).toBeNull();

  fireEvent.click(screen.getByRole("button", { name: "Report message from Cat" }));
  await answer(true);
  await waitFor(() => expect(onReport).toHaveBeenCalledWith("m3"));
});

test("a report the viewer cancels is not sent; a refused one shows the server's reason", async () => {
  const onReport = jest.fn(async () => {
    throw new Error("You're reporting messages too fast. Please wait a moment.");
  });
  renderChat(<RoomChat messages={messages} disabled={false} onSend={send} youId="me" onReport={onReport} />);
  fireEvent.click(screen.getByRole("button", { name: "Report message from Bob" }));
  await answer(false);
  expect(onReport).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole("button", { name: "Report message from Bob" }));
  await answer(true);
  expect(await screen.findByRole("alert")).toHaveTextContent("You're reporting messages too fast. Please wait a moment.");
});

/** @jest-environment jsdom */
/**
 * The host's "Add to queue" form: a link typed while the previous one is still being added is kept
 * (only what was submitted is cleared); a refused link stays in the field with the reason.
 */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueueEditor } from "@/components/watch-room/queue-editor";
import { emptyQueue } from "@/lib/sync";
import type { PartyCommand } from "@/lib/party-client/types";

function deferredSend() {
  const pending: { command: PartyCommand; resolve(): void; reject(error: Error): void }[] = [];
  const send = jest.fn(
    (command: PartyCommand) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ command, resolve, reject });
      }),
  );
  return { send, pending };
}

test("the next link typed while the previous one is being added is kept", async () => {
  const user = userEvent.setup();
  const { send, pending } = deferredSend();
  render(<QueueEditor queue={emptyQueue()} send={send} />);
  const link = screen.getByLabelText("Video link");
  const title = screen.getByLabelText("Title (optional)");
  await user.type(link, "https://youtu.be/shortClip02");
  await user.type(title, "Second");
  await user.click(screen.getByRole("button", { name: "Add" }));
  expect(pending[0]!.command).toMatchObject({ type: "queue.add", items: [{ url: "https://youtu.be/shortClip02", title: "Second" }] });

  // The host types the next link before the first add is answered.
  await user.clear(link);
  await user.type(link, "https://youtu.be/shortClip03");
  await act(async () => pending[0]!.resolve());
  expect(link).toHaveValue("https://youtu.be/shortClip03");
  // The title was not touched since, so it starts over.
  expect(title).toHaveValue("");
  expect(screen.getByRole("button", { name: "Add" })).toBeEnabled();
});

test("a refused link stays in the field with the reason", async () => {
  const user = userEvent.setup();
  const { send, pending } = deferredSend();
  render(<QueueEditor queue={emptyQueue()} send={send} />);
  await user.type(screen.getByLabelText("Video link"), "https://vimeo.com/76979871");
  await user.click(screen.getByRole("button", { name: "Add" }));
  await act(async () => pending[0]!.reject(new Error("Only YouTube and TikTok video links can be queued in this party.")));
  expect(screen.getByRole("alert")).toHaveTextContent("Only YouTube and TikTok video links can be queued in this party.");
  expect(screen.getByLabelText("Video link")).toHaveValue("https://vimeo.com/76979871");
});

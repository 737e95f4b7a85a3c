/** @jest-environment jsdom */
/**
 * A recording is its starter's: the host panel offers Stop only to the member who started it (a new
 * host after a hand-over is told who may), and the starter, now a member, finds "Stop my recording"
 * beside the room's recording notice; the command goes through the room's one send (the party's
 * command socket, SyncSession.send) and the server's refusal, if any, is shown.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordingBar } from "@/components/watch-room/recording-bar";
import { RecordingControls, StopOwnRecording } from "@/components/watch-room/recording-controls";
import { ApiRequestError } from "@/lib/party-client/api-client";
import type { PartyCommand } from "@/lib/party-client/types";
import type { RecordingState } from "@/lib/sync";

const recording: RecordingState = { id: "rec1", startedAt: 1000, includeChat: false, startedBy: "old-host" };
const idle = jest.fn(async (_command: PartyCommand): Promise<unknown> => null);

test("the host panel offers Stop to the recording's starter only", () => {
  const { unmount } = render(<RecordingControls send={idle} recording={recording} canRecord youId="new-host" />);
  expect(screen.queryByRole("button", { name: "Stop recording" })).not.toBeInTheDocument();
  expect(screen.getByTestId("recording-controls")).toHaveTextContent("Another member started this recording: only they can stop it (or the party's end).");
  unmount();
  render(<RecordingControls send={idle} recording={recording} canRecord youId="old-host" />);
  expect(screen.getByRole("button", { name: "Stop recording" })).toBeEnabled();
});

test("the starter stops their recording from beside the room's notice; a refusal is shown", async () => {
  const send = jest.fn(async (_command: PartyCommand): Promise<unknown> => {
    throw new ApiRequestError("The party has ended.", 409, null, "party_ended");
  });
  render(
    <RecordingBar recording={recording}>
      <StopOwnRecording send={send} />
    </RecordingBar>,
  );
  expect(screen.getByTestId("recording-notice")).toHaveTextContent("This party is being recorded (chat is not).");
  await userEvent.click(screen.getByRole("button", { name: "Stop my recording" }));
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The party has ended."));
  expect(send.mock.calls).toEqual([[{ v: 1, type: "recording.stop" }]]);
});

test("the host's Stop names the saved recording from the command's answer", async () => {
  const send = jest.fn(async (_command: PartyCommand): Promise<unknown> => ({ id: "7", recordingId: "rec1" }));
  const { rerender } = render(<RecordingControls send={send} recording={recording} canRecord youId="old-host" />);
  await userEvent.click(screen.getByRole("button", { name: "Stop recording" }));
  // The party's stream then says the recording is over.
  rerender(<RecordingControls send={send} recording={null} canRecord youId="old-host" />);
  await waitFor(() => expect(screen.getByRole("link", { name: "Open the recording" })).toHaveAttribute("href", "/recordings/rec1"));
  expect(send.mock.calls).toEqual([[{ v: 1, type: "recording.stop" }]]);
});

/** @jest-environment jsdom */
/**
 * A recording is its starter's: the host panel offers Stop only to the member who started it (a new
 * host after a hand-over is told who may), and the starter, now a member, finds "Stop my recording"
 * beside the room's recording notice; the server's refusal, if any, is shown.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordingBar } from "@/components/watch-room/recording-bar";
import { RecordingControls, StopOwnRecording } from "@/components/watch-room/recording-controls";
import type { RecordingState } from "@/lib/sync";

const recording: RecordingState = { id: "rec1", startedAt: 1000, includeChat: false, startedBy: "old-host" };

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test("the host panel offers Stop to the recording's starter only", () => {
  const { unmount } = render(<RecordingControls partyId="p1" token="t" recording={recording} canRecord youId="new-host" />);
  expect(screen.queryByRole("button", { name: "Stop recording" })).not.toBeInTheDocument();
  expect(screen.getByTestId("recording-controls")).toHaveTextContent("Another member started this recording: only they can stop it (or the party's end).");
  unmount();
  render(<RecordingControls partyId="p1" token="t" recording={recording} canRecord youId="old-host" />);
  expect(screen.getByRole("button", { name: "Stop recording" })).toBeEnabled();
});

test("the starter stops their recording from beside the room's notice; a refusal is shown", async () => {
  const fetchMock = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ({
    status: 409,
    ok: false,
    headers: new Headers({ "content-type": "application/json" }),
    json: async () => ({ detail: "The party has ended." }),
    text: async () => JSON.stringify({ detail: "The party has ended." }),
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  render(
    <RecordingBar recording={recording}>
      <StopOwnRecording partyId="p1" token="t" />
    </RecordingBar>,
  );
  expect(screen.getByTestId("recording-notice")).toHaveTextContent("This party is being recorded (chat is not).");
  await userEvent.click(screen.getByRole("button", { name: "Stop my recording" }));
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The party has ended."));
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(String(url)).toMatch(/\/api\/v1\/parties\/p1\/commands$/);
  expect(JSON.parse(String(init?.body))).toEqual({ v: 1, type: "recording.stop" });
});

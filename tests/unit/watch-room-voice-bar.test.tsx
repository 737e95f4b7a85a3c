/** @jest-environment jsdom */
/**
 * The room's voice controls in each state: not in voice (Join voice, and that voice isn't recorded),
 * in voice (mute, hold to talk, camera, leave; the toggles' pressed state), full (listen to the host,
 * wait for a seat), and a message when something failed. Plus the tiles' muted mark and volume.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { VoiceBar } from "@/components/watch-room/voice-bar";
import { VoiceTiles } from "@/components/watch-room/voice-tiles";
import { VOICE_OUT_VIEW, type VoiceView } from "@/lib/party-client/voice/voice-mesh";
import { VOICE_TEXTS } from "@/lib/party-client/voice/voice-texts";
import type { VoiceHandle } from "@/lib/watch-room/use-voice";


function handle(view: Partial<VoiceView>): VoiceHandle {
  return {
    view: { ...VOICE_OUT_VIEW, ...view },
    join: jest.fn(),
    leave: jest.fn(),
    setMuted: jest.fn(),
    setTalkHeld: jest.fn(),
    setCamera: jest.fn(),
    setVolume: jest.fn(),
    setMicrophone: jest.fn(),
    setCameraDevice: jest.fn(),
    refreshDevices: jest.fn(),
    dismissNotice: jest.fn(),
    autoDuck: true,
    setAutoDuck: jest.fn(),
    canDuck: true,
  };
}

test("not in voice: Join voice, who is in it, and that voice isn't recorded", () => {
  const voice = handle({ speakers: 3 });
  render(<VoiceBar voice={voice} />);
  expect(screen.getByText(/3 of 8 in voice/)).toHaveTextContent(VOICE_TEXTS.notRecorded);
  fireEvent.click(screen.getByRole("button", { name: "Join voice" }));
  expect(voice.join).toHaveBeenCalledWith("speak");
  expect(screen.queryByRole("button", { name: /Mute/ })).toBeNull();
});

test("in voice: mute and camera are toggles with their pressed state; hold to talk while muted", () => {
  const voice = handle({ phase: "speaking", hasMicrophone: true, transmitting: true, speakers: 2 });
  const { rerender } = render(<VoiceBar voice={voice} />);
  const mute = screen.getByRole("button", { name: "Mute" });
  expect(mute).toHaveAttribute("aria-pressed", "false");
  fireEvent.click(mute);
  expect(voice.setMuted).toHaveBeenCalledWith(true);
  expect(screen.getByRole("button", { name: "Camera on" })).toHaveAttribute("aria-pressed", "false");
  expect(screen.queryByRole("button", { name: /Hold to talk/ })).toBeNull();
  expect(screen.getByText(VOICE_TEXTS.notRecorded)).toBeInTheDocument();

  const muted = handle({ phase: "speaking", hasMicrophone: true, muted: true, camera: true });
  rerender(<VoiceBar voice={muted} />);
  expect(screen.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
  expect(screen.getByRole("button", { name: "Camera off" })).toHaveAttribute("aria-pressed", "true");
  const hold = screen.getByRole("button", { name: /Hold to talk/ });
  fireEvent.pointerDown(hold, { pointerId: 1 });
  expect(muted.setTalkHeld).toHaveBeenLastCalledWith(true);
  fireEvent.pointerUp(hold, { pointerId: 1 });
  expect(muted.setTalkHeld).toHaveBeenLastCalledWith(false);
  fireEvent.keyDown(hold, { key: " " });
  expect(muted.setTalkHeld).toHaveBeenLastCalledWith(true);
  fireEvent.keyUp(hold, { key: " " });
  expect(muted.setTalkHeld).toHaveBeenLastCalledWith(false);
  fireEvent.click(screen.getByRole("button", { name: "Leave voice" }));
  expect(muted.leave).toHaveBeenCalled();
});

test("full: listen to the host or wait for a seat", () => {
  const voice = handle({ phase: "full", speakers: 8 });
  render(<VoiceBar voice={voice} />);
  const full = screen.getByTestId("voice-full");
  expect(within(full).getByRole("status")).toHaveTextContent("Voice is full (8 of 8).");
  fireEvent.click(within(full).getByRole("button", { name: "Listen to the host" }));
  expect(voice.join).toHaveBeenCalledWith("listen");
  fireEvent.click(within(full).getByRole("button", { name: "Wait for a seat" }));
  expect(voice.join).toHaveBeenCalledWith("wait");
});

test("a failure is one clear message that can be dismissed; the host's mute is said and locks the toggle", () => {
  const voice = handle({ phase: "speaking", hasMicrophone: true, hostMuted: true, notice: { text: VOICE_TEXTS.micBlocked, tone: "error" } });
  render(<VoiceBar voice={voice} />);
  expect(screen.getByRole("alert")).toHaveTextContent(VOICE_TEXTS.micBlocked);
  expect(screen.getByTestId("voice-host-muted")).toHaveTextContent(VOICE_TEXTS.hostMutedYou);
  expect(screen.getByRole("button", { name: "Unmute" })).toBeDisabled();
  fireEvent.click(screen.getByRole("button", { name: "Dismiss this message" }));
  expect(voice.dismissNotice).toHaveBeenCalled();
});

test("tiles: a muted mark, the host's mute, and a volume slider per person", () => {
  const peer = (memberId: string, displayName: string, over = {}) => ({ memberId, displayName, muted: false, camera: false, hostMuted: false, speaking: false, volume: 1, connection: "connected" as const, audio: null, video: null, ...over });
  const voice = handle({ phase: "speaking", hasMicrophone: true, transmitting: true, peers: [peer("b", "Bea", { muted: true }), peer("c", "Cy", { hostMuted: true }), peer("d", "Di", { speaking: true, volume: 0.5 })] });
  render(<VoiceTiles voice={voice} you="Ann" />);
  const tiles = within(screen.getByRole("list", { name: "In voice" })).getAllByRole("listitem");
  expect(tiles.map((t) => t.textContent)).toEqual(["AAnn(you)", "BBea muted", "CCy muted by host", "DDi(speaking)"]);
  const slider = screen.getByRole("slider", { name: "Volume for Di" });
  expect(slider).toHaveValue("50");
  fireEvent.change(slider, { target: { value: "20" } });
  expect(voice.setVolume).toHaveBeenCalledWith("d", 0.2);
  expect(screen.getByRole("slider", { name: "Volume for Cy" })).toBeDisabled();
});

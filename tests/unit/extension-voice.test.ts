/** @jest-environment jsdom */
/**
 * Voice in the extension's overlay: the dock (site page side) places the frame away from the
 * player's controls, passes only voice commands through (with the server's error code back), ducks
 * the page's video while someone else is loud, and turns the overlay's V key into push-to-talk; the
 * frame (extension side) opens its channel only for the dock's one-time nonce and runs the mesh and
 * the panel from it.
 */
import { emptyVoice, type VoiceState } from "@/lib/sync";
import type { PartyCommand } from "@/lib/party-client/types";
import type { PartyViewModel } from "@/lib/party-client/sync-session";
import { VoiceMesh } from "@/lib/party-client/voice/voice-mesh";
import { VOICE_TEXTS } from "@/lib/party-client/voice/voice-texts";
import { controlsBand, dockRect } from "@/extension/src/overlay/geometry";
import { VoiceDock } from "@/extension/src/overlay/voice-dock";
import { VoiceFrame } from "@/extension/src/voice/voice-frame";
import { FakeClock, FakePeerConnection, FakeTrack } from "./helpers/fake-webrtc";

// jsdom has no setImmediate (the helper's settle): macrotasks instead.
const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** jsdom has no MessageChannel: a pair of ports delivering asynchronously, as the browser's do. */
class FakePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: FakePort | null = null;
  closed = false;
  postMessage(data: unknown) {
    const other = this.other;
    if (this.closed || !other) return;
    setTimeout(() => !other.closed && other.onmessage?.({ data: JSON.parse(JSON.stringify(data)) as unknown }), 0);
  }
  close() {
    this.closed = true;
  }
}
(globalThis as { MessageChannel?: unknown }).MessageChannel = class {
  port1 = new FakePort();
  port2 = new FakePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
};

const video = { left: 100, top: 50, width: 800, height: 450 };
const viewport = { width: 1400, height: 900 };
const overlaps = (a: { left: number; top: number; width: number; height: number }, b: typeof a) =>
  a.left < b.left + b.width && a.left + a.width > b.left && a.top < b.top + b.height && a.top + a.height > b.top;

describe("dockRect", () => {
  test("docks at the video's top-left corner, clear of the controls band", () => {
    const rect = dockRect(video, viewport, { width: 250, height: 200 }, null);
    expect(rect).toMatchObject({ left: 112, top: 62, width: 250, height: 200 });
    expect(overlaps(rect, controlsBand(video))).toBe(false);
  });

  test("a drag onto the player's controls puts the tiles below or above them, never on them", () => {
    for (const y of [300, 380, 420, 440]) {
      const rect = dockRect(video, viewport, { width: 250, height: 200 }, { x: 50, y });
      expect(overlaps(rect, controlsBand(video))).toBe(false);
    }
    // No room below the player: above the controls instead.
    const tight = dockRect(video, { width: 1400, height: 510 }, { width: 250, height: 200 }, { x: 50, y: 420 });
    expect(overlaps(tight, controlsBand(video))).toBe(false);
    expect(tight.top + tight.height).toBeLessThanOrEqual(controlsBand(video).top);
  });

  test("a short player: the tiles get shorter (they scroll) rather than cover the controls", () => {
    const small = { left: 0, top: 0, width: 640, height: 200 };
    const rect = dockRect(small, viewport, { width: 250, height: 400 }, null);
    expect(overlaps(rect, controlsBand(small))).toBe(false);
    expect(rect.height).toBeGreaterThan(0);
  });

  test("stays inside the viewport and left of the party panel", () => {
    const rect = dockRect(video, viewport, { width: 250, height: 200 }, { x: 5000, y: -5000 }, 324);
    expect(rect.left + rect.width).toBeLessThanOrEqual(viewport.width - 324);
    expect(rect.top).toBeGreaterThanOrEqual(0);
  });
});

const voiceOf = (ids: string[]): VoiceState => ({ ...emptyVoice(), members: ids.map((memberId) => ({ memberId, displayName: memberId.toUpperCase(), muted: false, camera: false, hostMuted: false })) });
const model = (voice: VoiceState | undefined): PartyViewModel => ({ you: { userId: "b", displayName: "B" }, party: { hostUserId: "a" }, voice }) as unknown as PartyViewModel;

interface DockHarness {
  dock: VoiceDock;
  sent: PartyCommand[];
  toFrame: unknown[];
  /** Posts a message from the frame to the dock. */
  fromFrame(message: unknown): void;
  video: HTMLVideoElement;
  autoDuckSaved: boolean[];
}

async function makeDock(send?: (command: PartyCommand) => Promise<void>, place: { saved: { x: number; y: number } | null } = { saved: null }): Promise<DockHarness> {
  document.body.replaceChildren();
  const sent: PartyCommand[] = [];
  const autoDuckSaved: boolean[] = [];
  const mount = document.createElement("div");
  document.body.append(mount);
  const dock = new VoiceDock(document, {
    mount,
    frameUrl: "chrome-extension://fogijhnlehcimhopikgffmojgfjiooji/voice-frame.html",
    storeNonce: async () => undefined,
    send: async (command) => {
      sent.push(command);
      if (send) await send(command);
    },
    autoDuck: { get: async () => null, set: async (on) => void autoDuckSaved.push(on) },
    position: { get: async () => place.saved, set: async (offset) => void (place.saved = offset) },
    reservedRight: () => 324,
  });
  await dock.start();
  const video = document.createElement("video");
  document.body.append(video);
  video.volume = 0.8;
  dock.setVideo(video, { getVolume: () => video.volume, setVolume: (v) => (video.volume = v) });
  // The frame's window: what the dock posts there, and the port it hands over.
  let port: MessagePort | null = null;
  const toFrame: unknown[] = [];
  const target = { postMessage: jest.fn((_data: unknown, origin: string, ports: MessagePort[]) => {
    expect(origin).toBe("chrome-extension://fogijhnlehcimhopikgffmojgfjiooji");
    port = ports[0]!;
    port.onmessage = (event) => toFrame.push(event.data);
  }) };
  Object.defineProperty(dock.frame, "contentWindow", { value: target });
  dock.frame.dispatchEvent(new Event("load"));
  expect(target.postMessage).toHaveBeenCalledWith(expect.objectContaining({ kind: "vp-voice-hello", nonce: expect.stringMatching(/^[0-9a-f]{48}$/) }), expect.any(String), expect.any(Array));
  return { dock, sent, toFrame, video, autoDuckSaved, fromFrame: (message) => port!.postMessage(message) };
}

const tick = () => settle(6);

describe("VoiceDock", () => {
  afterEach(() => jest.useRealTimers());

  test("hands the frame the voice state and this member's signals", async () => {
    const h = await makeDock();
    h.dock.update(model(voiceOf(["a", "b"])));
    h.dock.signal("a", { kind: "candidates", candidates: [] });
    await tick();
    expect(h.toFrame).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a", "b"]), autoDuck: true }),
        { kind: "signal", from: "a", signal: { kind: "candidates", candidates: [] } },
      ]),
    );
    h.dock.dispose();
  });

  test("sends the frame's voice commands and answers with the server's code; anything else is dropped", async () => {
    const h = await makeDock(async (command) => {
      if (command.type === "voice.join") throw Object.assign(new Error("Voice is full."), { code: "voice_full" });
    });
    h.fromFrame({ kind: "command", reqId: 1, command: { v: 1, type: "voice.join", mode: "speak", muted: false, camera: false } });
    h.fromFrame({ kind: "command", reqId: 2, command: { v: 1, type: "pause" } });
    h.fromFrame({ kind: "command", reqId: 3, command: { v: 1, type: "voice.update", muted: true } });
    await tick();
    expect(h.sent.map((c) => c.type)).toEqual(["voice.join", "voice.update"]);
    expect(h.toFrame).toContainEqual({ kind: "result", reqId: 1, ok: false, error: "Voice is full.", code: "voice_full" });
    expect(h.toFrame).toContainEqual({ kind: "result", reqId: 3, ok: true });
    h.dock.dispose();
  });

  test("auto-duck: the page's video goes down while someone else is loud and comes back after", async () => {
    const h = await makeDock();
    h.fromFrame({ kind: "phase", inVoice: true });
    h.fromFrame({ kind: "loud", loud: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(h.video.volume).toBeCloseTo(0.8 * 0.35, 2);
    h.fromFrame({ kind: "loud", loud: false });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(h.video.volume).toBeCloseTo(0.8, 2);
    // Turned off in the frame's settings: kept, and no duck.
    h.fromFrame({ kind: "autoDuck", on: false });
    h.fromFrame({ kind: "loud", loud: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(h.video.volume).toBeCloseTo(0.8, 2);
    expect(h.autoDuckSaved).toEqual([false]);
    h.dock.dispose();
  });

  test("the tiles stay where the person put them: a drag or an arrow key moves them, and the next page's dock starts there", async () => {
    const place = { saved: null as { x: number; y: number } | null };
    const h = await makeDock(undefined, place);
    const handle = h.dock.element.querySelector('[data-vp="voice-handle"]') as HTMLButtonElement;
    const start = h.dock.rect();
    // jsdom lays nothing out: the dock is anchored to the viewport's corner.
    expect([start.left, start.top]).toEqual([12, 12]);
    const pointer = (type: string, x: number, y: number) => handle.dispatchEvent(Object.assign(new Event(type, { bubbles: true, cancelable: true }), { clientX: x, clientY: y, pointerId: 1 }));
    pointer("pointerdown", 20, 20);
    pointer("pointermove", 220, 120);
    expect([h.dock.rect().left, h.dock.rect().top]).toEqual([212, 112]);
    expect(place.saved).toBeNull();
    pointer("pointerup", 220, 120);
    expect(place.saved).toEqual({ x: 200, y: 100 });
    handle.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    handle.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", shiftKey: true, bubbles: true }));
    expect([h.dock.rect().left, h.dock.rect().top]).toEqual([148, 128]);
    expect(place.saved).toEqual({ x: 136, y: 116 });
    h.dock.dispose();
    // Another page: its dock opens where this one was left.
    const next = await makeDock(undefined, place);
    expect([next.dock.rect().left, next.dock.rect().top]).toEqual([148, 128]);
    next.dock.dispose();
  });

  test("V held on the page is push-to-talk while in voice, not while typing, and leaving the page leaves voice", async () => {
    const h = await makeDock();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "v" }));
    await tick();
    expect(h.toFrame.filter((m) => (m as { kind: string }).kind === "talk")).toEqual([]);
    h.fromFrame({ kind: "phase", inVoice: true });
    await tick();
    const input = document.createElement("input");
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "v", bubbles: true }));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "v" }));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "v", repeat: true }));
    window.dispatchEvent(new KeyboardEvent("keyup", { key: "v" }));
    await tick();
    expect(h.toFrame.filter((m) => (m as { kind: string }).kind === "talk")).toEqual([{ kind: "talk", held: true }, { kind: "talk", held: false }]);
    h.dock.dispose();
    expect(h.sent.map((c) => c.type)).toEqual(["voice.leave"]);
  });
});

/** A MessagePort stand-in pair (the frame's side is driven directly). */
function portPair() {
  const toDock: unknown[] = [];
  const framePort = { onmessage: null as ((event: { data: unknown }) => void) | null, postMessage: (m: unknown) => toDock.push(m), close: () => undefined };
  return { framePort: framePort as unknown as MessagePort, toDock, deliver: (m: unknown) => framePort.onmessage?.({ data: m }) };
}

function makeFrame(nonce = "n".repeat(32)) {
  document.body.replaceChildren();
  const clock = new FakeClock();
  const pcs: FakePeerConnection[] = [];
  const mic = new FakeTrack("audio", "Desk mic", "mic-1");
  const getUserMedia = jest.fn(async () => ({ getAudioTracks: () => [mic], getVideoTracks: () => [] }) as unknown as MediaStream);
  const frame = new VoiceFrame(window, {
    claimNonce: async () => nonce,
    createMesh: (selfId, send, onChange) =>
      new VoiceMesh({
        selfId,
        send,
        createPeerConnection: (config) => {
          const pc = new FakePeerConnection(config);
          pcs.push(pc);
          return pc as unknown as RTCPeerConnection;
        },
        getUserMedia,
        iceServers: async () => [],
        setTimeout: clock.setTimeout,
        clearTimeout: clock.clearTimeout,
        now: clock.now,
        onChange,
      }),
  });
  const mount = document.createElement("main");
  document.body.append(mount);
  frame.start(mount);
  const hello = (port: MessagePort, sentNonce: string) =>
    window.dispatchEvent(new MessageEvent("message", { data: { kind: "vp-voice-hello", nonce: sentNonce }, source: window, ports: [port] }));
  return { frame, mount, pcs, getUserMedia, hello };
}

const click = (root: ParentNode, vp: string) => (root.querySelector(`[data-vp="${vp}"]`) as HTMLButtonElement).click();

describe("VoiceFrame", () => {
  test("a hello without the dock's nonce (the site's page posting) opens nothing; the dock's does", async () => {
    const f = makeFrame();
    const forged = portPair();
    f.hello(forged.framePort, "x".repeat(32));
    await settle();
    forged.deliver({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a"]), autoDuck: true });
    expect(f.frame.view).toBeNull();
    const real = portPair();
    f.hello(real.framePort, "n".repeat(32));
    await settle();
    real.deliver({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a"]), autoDuck: true });
    expect(f.frame.view?.phase).toBe("out");
    expect(real.toDock).toContainEqual({ kind: "phase", inVoice: false });
  });

  test("Join voice asks for the microphone only on the press, sends voice.join through the dock, and shows the tiles", async () => {
    const f = makeFrame();
    const p = portPair();
    f.hello(p.framePort, "n".repeat(32));
    await settle();
    p.deliver({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a"]), autoDuck: true });
    expect(f.getUserMedia).not.toHaveBeenCalled();
    click(f.mount, "voice-join");
    await settle();
    expect(f.getUserMedia).toHaveBeenCalledTimes(1);
    const join = p.toDock.find((m) => (m as { kind: string }).kind === "command") as { reqId: number; command: PartyCommand };
    expect(join.command).toMatchObject({ type: "voice.join", mode: "speak" });
    p.deliver({ kind: "result", reqId: join.reqId, ok: true });
    p.deliver({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a", "b"]), autoDuck: true });
    await settle();
    expect(f.frame.view?.phase).toBe("speaking");
    expect(f.pcs).toHaveLength(1);
    const tile = f.mount.querySelector('[data-member-id="a"]')!;
    expect(tile.textContent).toContain("A");
    expect(tile.querySelector('[aria-label="Volume for A"]')).not.toBeNull();
    // The page's V key held, passed by the dock: push-to-talk.
    click(f.mount, "voice-mute");
    await settle();
    expect(f.frame.view?.transmitting).toBe(false);
    p.deliver({ kind: "talk", held: true });
    expect(f.frame.view?.transmitting).toBe(true);
    p.deliver({ kind: "talk", held: false });
    expect(f.frame.view?.transmitting).toBe(false);
  });

  test("a full voice comes back by its code: the panel offers listening or waiting", async () => {
    const f = makeFrame();
    const p = portPair();
    f.hello(p.framePort, "n".repeat(32));
    await settle();
    p.deliver({ kind: "state", selfId: "b", hostId: "a", voice: voiceOf(["a"]), autoDuck: true });
    click(f.mount, "voice-join");
    await settle();
    const join = p.toDock.find((m) => (m as { kind: string }).kind === "command") as { reqId: number };
    p.deliver({ kind: "result", reqId: join.reqId, ok: false, error: "full", code: "voice_full" });
    await settle();
    expect(f.frame.view?.phase).toBe("full");
    expect(f.mount.querySelector('[data-vp="voice-status"]')?.textContent).toBe(VOICE_TEXTS.full);
    expect((f.mount.querySelector('[data-vp="voice-listen"]')!.parentElement as HTMLElement).hidden).toBe(false);
  });

  test("the host mutes and removes a person from their tile; a refusal shows in the panel; a guest's tiles have no host tools", async () => {
    const f = makeFrame();
    const p = portPair();
    f.hello(p.framePort, "n".repeat(32));
    await settle();
    // This member (a) hosts the party and joins voice with b already in it.
    p.deliver({ kind: "state", selfId: "a", hostId: "a", voice: voiceOf(["b"]), autoDuck: true });
    click(f.mount, "voice-join");
    await settle();
    const join = p.toDock.find((m) => (m as { kind: string }).kind === "command") as { reqId: number };
    p.deliver({ kind: "result", reqId: join.reqId, ok: true });
    p.deliver({ kind: "state", selfId: "a", hostId: "a", voice: voiceOf(["b", "a"]), autoDuck: true });
    await settle();
    const tile = f.mount.querySelector('[data-member-id="b"]')!;
    const mute = tile.querySelector('[data-vp="voice-host-mute"]') as HTMLButtonElement;
    expect(mute.closest("[hidden]")).toBeNull();
    expect(mute.getAttribute("aria-label")).toBe("Mute B in voice");
    const commands = () => p.toDock.filter((m) => (m as { kind: string }).kind === "command") as { reqId: number; command: PartyCommand }[];
    mute.click();
    await settle();
    expect(commands().at(-1)!.command).toEqual({ v: 1, type: "voice.mute", memberId: "b", muted: true });
    p.deliver({ kind: "result", reqId: commands().at(-1)!.reqId, ok: true });
    // The party's state says b is muted by the host: the tile says so and the button unmutes.
    p.deliver({ kind: "state", selfId: "a", hostId: "a", voice: { ...voiceOf(["b", "a"]), hostMuted: ["b"] }, autoDuck: true });
    await settle();
    expect(tile.querySelector('[data-vp="voice-muted"]')!.textContent).toContain("muted by host");
    expect(mute.getAttribute("aria-label")).toBe("Unmute B in voice");
    mute.click();
    await settle();
    expect(commands().at(-1)!.command).toEqual({ v: 1, type: "voice.mute", memberId: "b", muted: false });
    (tile.querySelector('[data-vp="voice-host-remove"]') as HTMLButtonElement).click();
    await settle();
    const remove = commands().at(-1)!;
    expect(remove.command).toEqual({ v: 1, type: "voice.remove", memberId: "b" });
    p.deliver({ kind: "result", reqId: remove.reqId, ok: false, error: "Only the host can do that.", code: "not_host" });
    await settle();
    const notice = f.mount.querySelector('[data-vp="voice-notice"]') as HTMLElement;
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toContain("Only the host can do that.");
    (notice.querySelector("button") as HTMLButtonElement).click();
    expect(notice.hidden).toBe(true);
    // Handed over: a is a guest now, and b's tile has no host tools.
    p.deliver({ kind: "state", selfId: "a", hostId: "b", voice: voiceOf(["b", "a"]), autoDuck: true });
    await settle();
    expect(tile.querySelector(".host-row")!.hasAttribute("hidden")).toBe(true);
  });
});

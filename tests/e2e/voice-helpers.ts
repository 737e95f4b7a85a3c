/**
 * Support for the voice specs: Chromium's fake media devices, the pages' peer connections read
 * through a wrapper around RTCPeerConnection installed before the app loads (the app itself exposes
 * nothing for tests), and joining voice as a person does.
 */
import { expect, type BrowserContext, type Frame, type Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../playwright.config";

/** Chromium with a fake microphone and camera whose permission prompt answers yes; `audioFile`, a WAV it plays as the microphone (looped). */
export function voiceLaunchOptions(audioFile?: string) {
  return {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
      ...(audioFile ? [`--use-file-for-fake-audio-capture=${audioFile}`] : []),
    ],
  };
}

export interface PcStats {
  state: RTCPeerConnectionState;
  audioPacketsIn: number;
  audioBytesOut: number;
  framesDecoded: number;
}

export async function trackPeerConnections(context: BrowserContext): Promise<void> {
  await context.grantPermissions(["microphone", "camera"]);
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __vpPcs: RTCPeerConnection[] }).__vpPcs = all;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        all.push(this);
      }
    };
  });
}

/** Every peer connection this page (or frame) made that is still open, with its RTP counters. */
export async function openConnections(page: Page | Frame): Promise<PcStats[]> {
  return page.evaluate(async () => {
    const out: PcStats[] = [];
    for (const pc of (window as unknown as { __vpPcs: RTCPeerConnection[] }).__vpPcs) {
      if (pc.connectionState === "closed") continue;
      const row = { state: pc.connectionState, audioPacketsIn: 0, audioBytesOut: 0, framesDecoded: 0 };
      (await pc.getStats()).forEach((s: { type: string; kind?: string; packetsReceived?: number; bytesSent?: number; framesDecoded?: number }) => {
        if (s.type === "inbound-rtp" && s.kind === "audio") row.audioPacketsIn += s.packetsReceived ?? 0;
        if (s.type === "outbound-rtp" && s.kind === "audio") row.audioBytesOut += s.bytesSent ?? 0;
        if (s.type === "inbound-rtp" && s.kind === "video") row.framesDecoded += s.framesDecoded ?? 0;
      });
      out.push(row);
    }
    return out;
  }) as Promise<PcStats[]>;
}

export const sum = (rows: PcStats[], key: keyof Omit<PcStats, "state">) => rows.reduce((n, r) => n + r[key], 0);

export async function joinVoice(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Join voice" }).click();
  await expect(page.getByRole("button", { name: "Leave voice" })).toBeVisible({ timeout: 15_000 });
}

/**
 * A WAV for the fake microphone: `talkSeconds` of a loud tone (speech-loud), then `quietSeconds` of
 * silence, 48 kHz mono 16-bit. Chromium loops it, so a member talks and pauses by turns.
 */
export function talkAndPauseWav(talkSeconds: number, quietSeconds: number): Buffer {
  const rate = 48_000;
  const samples = Math.round((talkSeconds + quietSeconds) * rate);
  const talk = Math.round(talkSeconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < talk; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 300 * i) / rate) * 0.6 * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

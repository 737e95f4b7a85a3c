/**
 * The TikTok embed player (https://www.tiktok.com/player/v1/{id}, controlled by postMessage) as the
 * sync engine's SyncPlayer.
 *
 * The frame takes control messages `{ "x-tiktok-player": true, type, value }` — play, pause,
 * seekTo (seconds), mute, unMute — and posts back onPlayerReady, onStateChange (−1 not started,
 * 0 ended, 1 playing, 2 paused, 3 buffering), onCurrentTime ({ currentTime, duration }), onMute and
 * onError. Between position reports the position is extrapolated from the last one.
 *
 * The player has no playback-rate control: `setRate` is remembered but cannot change the speed, so
 * a TikTok item follows play, pause and seeks (drift beyond the engine's seek threshold), not the
 * engine's fine rate corrections nor a host's speed change.
 */
import type { SyncPlayer } from "@/lib/party-client/sync-player";

export const TIKTOK_STATE = { INIT: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } as const;
const MARK = "x-tiktok-player";
/** A seek counts as landed when a report this close (s) to the target arrives. */
const LANDED_S = 0.3;
/**
 * A seek no report confirmed within this long (ms) is given up: the reading goes back to what the
 * frame reports. Otherwise a lost `seekTo` (or a landing reported far off) would read as "seeking,
 * at the target" forever: a host's engine would never report where its player really is.
 */
export const SEEK_GIVE_UP_MS = 4000;

export interface TikTokCallbacks {
  onEnded?(): void;
  onError?(code: unknown): void;
  onPlaying?(): void;
}

export interface TikTokFrame {
  src: string;
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null;
}

export interface MessageSource {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

export { tiktokPlayerSrc } from "./tiktok-player-src";

export function tiktokErrorMessage(code: unknown): string {
  return code === 404 || code === "404" || code === 100
    ? "This TikTok video is private, removed or unavailable."
    : "This TikTok video can't be played.";
}

export class TikTokControl implements SyncPlayer {
  /** Which embed this is, for code that must not import the class to tell (the room loads it on demand). */
  readonly platform = "tiktok" as const;
  readonly video = null;
  readonly seekable = true;
  private readonly listeners = new Set<() => void>();
  private ready = false;
  private videoId: string | null = null;
  private state: number = TIKTOK_STATE.INIT;
  private wantsPlay = false;
  private report: { time: number; at: number; duration: number | null } = { time: 0, at: 0, duration: null };
  private pendingSeek: number | null = null;
  private pendingSeekAt = 0;
  private rate = 1;
  private isMuted = true;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(
    private readonly frame: TikTokFrame,
    private readonly origin: string,
    private readonly callbacks: TikTokCallbacks = {},
    private readonly win: MessageSource = window,
    private readonly now: () => number = () => performance.now(),
  ) {
    win.addEventListener("message", this.onMessage);
  }

  get currentVideoId(): string | null {
    return this.videoId;
  }

  load(id: string, src: string): void {
    this.videoId = id;
    this.ready = false;
    this.state = TIKTOK_STATE.INIT;
    this.wantsPlay = false;
    this.pendingSeek = null;
    this.report = { time: 0, at: this.now(), duration: null };
    this.frame.src = src;
  }

  /** A message from the frame (exposed for tests; the window listener calls it). */
  receive(event: Pick<MessageEvent, "data" | "origin" | "source">): void {
    if (event.origin !== this.origin || event.source !== this.frame.contentWindow) return;
    let data: unknown = event.data;
    if (typeof data === "string") {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    if (!data || typeof data !== "object" || (data as Record<string, unknown>)[MARK] !== true) return;
    const { type, value } = data as { type?: unknown; value?: unknown };
    switch (type) {
      case "onPlayerReady":
        this.ready = true;
        // Start muted (autoplay policies), and apply what was asked before the frame was ready.
        this.post(this.isMuted ? "mute" : "unMute");
        if (this.wantsPlay) this.post("play");
        break;
      case "onStateChange": {
        const state = Number(value);
        // A report taken before a state change would be extrapolated with the wrong motion: rebase it.
        this.report = { ...this.report, time: this.position(), at: this.now() };
        this.state = state;
        if (state === TIKTOK_STATE.PLAYING) {
          this.wantsPlay = true;
          this.callbacks.onPlaying?.();
        }
        if (state === TIKTOK_STATE.PAUSED && this.pendingSeek === null) this.wantsPlay = false;
        if (state === TIKTOK_STATE.ENDED) {
          this.wantsPlay = false;
          this.callbacks.onEnded?.();
        }
        break;
      }
      case "onCurrentTime": {
        const v = (value ?? {}) as { currentTime?: unknown; duration?: unknown };
        const time = Number(v.currentTime);
        if (!Number.isFinite(time)) return;
        const duration = Number(v.duration);
        this.report = { time, at: this.now(), duration: Number.isFinite(duration) && duration > 0 ? duration : this.report.duration };
        if (this.pendingSeek !== null && Math.abs(time - this.pendingSeek) <= LANDED_S) this.pendingSeek = null;
        break;
      }
      case "onMute":
        this.isMuted = Boolean(value);
        break;
      case "onError":
        this.callbacks.onError?.(value);
        break;
      default:
        return;
    }
    for (const listener of this.listeners) listener();
  }

  private position(): number {
    const moving = this.state === TIKTOK_STATE.PLAYING && this.pendingSeek === null;
    return Math.max(0, this.report.time + (moving ? (this.now() - this.report.at) / 1000 : 0));
  }

  read() {
    if (this.pendingSeek !== null && this.now() - this.pendingSeekAt > SEEK_GIVE_UP_MS) this.pendingSeek = null;
    const seeking = this.pendingSeek !== null;
    return {
      currentTime: this.position(),
      paused: !this.wantsPlay,
      playbackRate: this.rate,
      seeking,
      buffering: this.wantsPlay && !seeking && this.state === TIKTOK_STATE.BUFFERING,
    };
  }

  loaded(): boolean {
    return this.ready && this.report.duration !== null;
  }

  play(): Promise<void> {
    this.wantsPlay = true;
    if (this.ready) this.post("play");
    return Promise.resolve();
  }

  pause(): void {
    this.wantsPlay = false;
    if (this.ready) this.post("pause");
  }

  seek(position: number): void {
    this.pendingSeek = position;
    this.pendingSeekAt = this.now();
    this.report = { ...this.report, time: position, at: this.now() };
    if (this.ready) this.post("seekTo", position);
  }

  setRate(rate: number): void {
    this.rate = rate;
  }

  duration(): number | null {
    return this.report.duration;
  }

  get muted(): boolean {
    return this.isMuted;
  }

  setMuted(muted: boolean): void {
    this.isMuted = muted;
    if (this.ready) this.post(muted ? "mute" : "unMute");
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.win.removeEventListener("message", this.onMessage);
    this.listeners.clear();
  }

  private post(type: string, value?: number): void {
    this.frame.contentWindow?.postMessage({ [MARK]: true, type, ...(value === undefined ? {} : { value }) }, this.origin);
  }
}

/**
 * The plain HTML5 media element as a PlayerControl: what every adapter starts from. Buffering follows
 * the PlayerReading contract: wants to play but cannot (`waiting` seen and not yet `playing`, or
 * readyState below HAVE_FUTURE_DATA while playing). An ad is read from the site's player (the
 * adapter's `adPlaying`): while one shows, the element's stalls are the ad's, not buffering.
 */
import type { PlayerControl } from "./types";

const CHANGE_EVENTS = ["seeked", "seeking", "playing", "play", "pause", "ratechange", "waiting", "stalled", "loadedmetadata", "emptied", "ended"] as const;
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;

export interface VideoControlOptions {
  seekable?: boolean;
  /** Element seconds → content seconds (identity by default). */
  toContent?: (elementTime: number) => number;
  /** Content seconds → element seconds. */
  toElement?: (contentTime: number) => number;
  /** Seeks, plays and pauses through the site's own player when it has one. */
  seekImpl?: (contentTime: number, video: HTMLVideoElement) => void;
  playImpl?: (video: HTMLVideoElement) => Promise<void>;
  pauseImpl?: (video: HTMLVideoElement) => void;
  /** The site's player shows an ad instead of the media (its own marker: a class, a countdown, an ad element). */
  adPlaying?: () => boolean;
}

export class VideoControl implements PlayerControl {
  readonly seekable: boolean;
  private waiting = false;
  private readonly listeners = new Set<() => void>();
  private readonly onEvent = (event: Event) => {
    if (event.type === "waiting") this.waiting = true;
    else if (event.type === "playing" || event.type === "pause" || event.type === "seeked" || event.type === "emptied") this.waiting = false;
    for (const listener of this.listeners) listener();
  };

  constructor(
    readonly video: HTMLVideoElement,
    private readonly options: VideoControlOptions = {},
  ) {
    this.seekable = options.seekable ?? true;
    for (const type of CHANGE_EVENTS) video.addEventListener(type, this.onEvent);
  }

  read() {
    const v = this.video;
    const toContent = this.options.toContent ?? ((t: number) => t);
    const playingWanted = !v.paused && !v.ended;
    const ad = this.adPlaying();
    return {
      currentTime: Math.max(0, toContent(v.currentTime)),
      paused: v.paused,
      playbackRate: v.playbackRate,
      seeking: v.seeking,
      buffering: !ad && playingWanted && !v.seeking && (this.waiting || v.readyState < HAVE_FUTURE_DATA),
      ad,
    };
  }

  /** The site's player shows an ad now (false where the adapter cannot tell). */
  adPlaying(): boolean {
    return this.options.adPlaying?.() ?? false;
  }

  loaded(): boolean {
    return this.video.readyState >= HAVE_METADATA;
  }

  play(): Promise<void> {
    return this.options.playImpl ? this.options.playImpl(this.video) : this.video.play();
  }

  pause(): void {
    if (this.options.pauseImpl) this.options.pauseImpl(this.video);
    else this.video.pause();
  }

  seek(position: number): void {
    if (!this.seekable) return;
    if (this.options.seekImpl) this.options.seekImpl(position, this.video);
    else this.video.currentTime = (this.options.toElement ?? ((t: number) => t))(position);
  }

  setRate(rate: number): void {
    this.video.playbackRate = rate;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const type of CHANGE_EVENTS) this.video.removeEventListener(type, this.onEvent);
    this.listeners.clear();
  }
}

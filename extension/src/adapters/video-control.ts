/**
 * The plain HTML5 media element as a PlayerControl: what every adapter starts from. Buffering follows
 * the PlayerReading contract: wants to play but cannot (`waiting` seen and not yet `playing`, or
 * readyState below HAVE_FUTURE_DATA while playing). An ad is read from the site's player (the
 * adapter's `adPlaying`): while one shows, the element's stalls are the ad's, not buffering.
 * `bufferedEnd` is the end of the element's buffered range the playhead is in (what a host publishes
 * as its horizon): absent for a live stream (every viewer has its own live edge), during an ad or a
 * seek, and when no range holds the playhead.
 */
import type { PlayerControl } from "../../../lib/party-client/sync-player";

const CHANGE_EVENTS = ["seeked", "seeking", "playing", "play", "pause", "ratechange", "waiting", "stalled", "loadedmetadata", "emptied", "ended"] as const;
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;
/** How far (s) before a buffered range's start the playhead may read and still play from it. */
const RANGE_SLACK_S = 0.25;

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
    const bufferedEnd = this.seekable && !ad && !v.seeking ? this.bufferedEnd() : undefined;
    return {
      currentTime: Math.max(0, toContent(v.currentTime)),
      paused: v.paused,
      playbackRate: v.playbackRate,
      seeking: v.seeking,
      buffering: !ad && playingWanted && !v.seeking && (this.waiting || v.readyState < HAVE_FUTURE_DATA),
      ad,
      ...(bufferedEnd === undefined ? {} : { bufferedEnd }),
    };
  }

  /**
   * The element's volume (0..1) for auto-duck. Sites' own sliders drive this same property (their
   * players are HTML video underneath), so a person's change reads back here and the duck lets go.
   */
  getVolume(): number | null {
    return Number.isFinite(this.video.volume) ? this.video.volume : null;
  }

  setVolume(volume: number): void {
    this.video.volume = Math.min(1, Math.max(0, volume));
  }

  /** The end (content s) of the buffered range that holds the playhead; undefined when none does. */
  private bufferedEnd(): number | undefined {
    const v = this.video;
    const ranges = v.buffered as TimeRanges | undefined;
    if (!ranges) return undefined;
    const t = v.currentTime;
    for (let i = 0; i < ranges.length; i++) {
      // A playhead a little before a range's start plays from it (the first frame after a seek).
      if (t >= ranges.start(i) - RANGE_SLACK_S && t <= ranges.end(i)) {
        const end = (this.options.toContent ?? ((x: number) => x))(ranges.end(i));
        return Number.isFinite(end) ? Math.max(0, end) : undefined;
      }
    }
    return undefined;
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

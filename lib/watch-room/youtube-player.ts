/**
 * The YouTube IFrame Player API (`YT.Player`) as the sync engine's SyncPlayer, so the watch room
 * drives YouTube with the same SyncSession the extension runs on a page's `<video>`.
 *
 * The API reports a state (UNSTARTED −1, ENDED 0, PLAYING 1, PAUSED 2, BUFFERING 3, CUED 5) and a
 * position, but no "seeking" flag and no "wants to play" flag. Both are derived here: a seek is in
 * flight from `seekTo` until the player leaves BUFFERING or shows the target position; the wish to
 * play follows our own play/pause calls and the states the player reports (a viewer may use the
 * player's own controls too).
 */
import type { SyncPlayer } from "@/lib/party-client/sync-player";

export const YT_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

/** The part of `YT.Player` the room uses (https://developers.google.com/youtube/iframe_api_reference). */
export interface YouTubePlayerApi {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  /**
   * The fraction of the video the player shows as buffered (its loaded bar's end over the duration):
   * the end of what it has, the host's horizon. Optional: a player without it reports none.
   */
  getVideoLoadedFraction?(): number;
  /** The loaded video's data; its `title` is the video's own (empty until the player knows it). */
  getVideoData?(): { video_id?: string; title?: string };
  setPlaybackRate(rate: number): void;
  getPlaybackRate(): number;
  getPlayerState(): number;
  cueVideoById(options: { videoId: string; startSeconds?: number }): void;
  mute(): void;
  unMute(): void;
  isMuted(): boolean;
  /** The volume, 0..100 (whole numbers), apart from mute. */
  getVolume?(): number;
  setVolume?(volume: number): void;
  destroy(): void;
}

export interface YouTubeEvents {
  onReady?: (event: { target: YouTubePlayerApi }) => void;
  onStateChange?: (event: { data: number; target: YouTubePlayerApi }) => void;
  onPlaybackRateChange?: (event: { data: number }) => void;
  onError?: (event: { data: number }) => void;
}

export interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: { videoId?: string; width?: string | number; height?: string | number; playerVars?: Record<string, string | number>; events?: YouTubeEvents },
  ) => YouTubePlayerApi;
}

/** The player's error codes, as the room explains them to people. */
export function youtubeErrorMessage(code: number): string {
  switch (code) {
    case 2:
      return "This YouTube link is not a valid video.";
    case 5:
      return "This video can't be played in the browser's player.";
    case 100:
      return "This video is private, removed or unavailable.";
    case 101:
    case 150:
      return "The owner of this video doesn't allow it to be played on other sites.";
    default:
      return "This video can't be played.";
  }
}

/** A seek counts as landed when the player shows a position this close (s) to the target. */
const LANDED_S = 0.3;
/**
 * A seek the player never confirmed (no buffering, never near the target) within this long (ms) is
 * given up, so the reading shows the player's own position again rather than "seeking" forever.
 */
export const SEEK_GIVE_UP_MS = 4000;

export class YouTubeControl implements SyncPlayer {
  /** Which embed this is, for code that must not import the class to tell (the room loads it on demand). */
  readonly platform = "youtube" as const;
  readonly video = null;
  readonly seekable = true;
  private readonly listeners = new Set<() => void>();
  private wantsPlay = false;
  private pendingSeek: { to: number; sawBuffering: boolean; at: number } | null = null;
  private loadedId: string | null = null;
  private requestedId: string | null = null;
  private ended = false;

  constructor(
    private readonly player: YouTubePlayerApi,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Called from the player's onStateChange and onPlaybackRateChange events. */
  onPlayerEvent(state?: number): void {
    if (state !== undefined) {
      if (state === YT_STATE.PLAYING) this.wantsPlay = true;
      if (state === YT_STATE.PAUSED || state === YT_STATE.CUED || state === YT_STATE.ENDED) {
        // A pause we did not ask for (the viewer's own click) is a wish too; a seek's transient PAUSED is not.
        if (!this.pendingSeek || state !== YT_STATE.PAUSED) this.wantsPlay = false;
      }
      if (state === YT_STATE.BUFFERING && this.pendingSeek) this.pendingSeek.sawBuffering = true;
      if (state !== YT_STATE.UNSTARTED && this.requestedId !== null) this.loadedId = this.requestedId;
      this.ended = state === YT_STATE.ENDED;
    }
    for (const listener of this.listeners) listener();
  }

  /** Loads a video paused at `startSeconds` (it is "loaded" once the player reports it cued). */
  load(videoId: string, startSeconds = 0): void {
    this.requestedId = videoId;
    this.loadedId = null;
    this.pendingSeek = null;
    this.wantsPlay = false;
    this.ended = false;
    this.player.cueVideoById({ videoId, startSeconds });
  }

  get currentVideoId(): string | null {
    return this.requestedId;
  }

  /** The loaded video's own title, once the player knows it ("" before, or from a player without it). */
  get videoTitle(): string {
    if (this.loadedId === null) return "";
    try {
      return this.player.getVideoData?.().title?.trim() ?? "";
    } catch {
      return "";
    }
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  read() {
    const state = this.player.getPlayerState();
    const currentTime = Math.max(0, Number(this.player.getCurrentTime()) || 0);
    const seeking = this.seekInFlight(state, currentTime);
    const bufferedEnd = seeking ? undefined : this.bufferedEnd(currentTime);
    return {
      currentTime,
      paused: !this.wantsPlay,
      playbackRate: Number(this.player.getPlaybackRate()) || 1,
      seeking,
      buffering: this.wantsPlay && !seeking && state === YT_STATE.BUFFERING,
      ...(bufferedEnd === undefined ? {} : { bufferedEnd }),
    };
  }

  /** Where the player's data ends (s), from its loaded fraction; undefined when it cannot tell. */
  private bufferedEnd(currentTime: number): number | undefined {
    const fraction = Number(this.player.getVideoLoadedFraction?.());
    const duration = Number(this.player.getDuration());
    if (!Number.isFinite(fraction) || fraction <= 0 || !Number.isFinite(duration) || duration <= 0) return undefined;
    const end = Math.min(1, fraction) * duration;
    // Behind the playhead it describes no range the player plays from.
    return end >= currentTime ? end : undefined;
  }

  private seekInFlight(state: number, currentTime: number): boolean {
    const seek = this.pendingSeek;
    if (!seek) return false;
    if (this.now() - seek.at > SEEK_GIVE_UP_MS) {
      this.pendingSeek = null;
      return false;
    }
    if (state === YT_STATE.BUFFERING) return true;
    const near = currentTime >= seek.to - 0.05 && currentTime <= seek.to + LANDED_S;
    if (seek.sawBuffering || near) {
      this.pendingSeek = null;
      return false;
    }
    return true;
  }

  loaded(): boolean {
    return this.loadedId !== null && this.loadedId === this.requestedId && this.player.getDuration() > 0;
  }

  play(): Promise<void> {
    this.wantsPlay = true;
    this.player.playVideo();
    return Promise.resolve();
  }

  pause(): void {
    this.wantsPlay = false;
    this.player.pauseVideo();
  }

  seek(position: number): void {
    this.pendingSeek = { to: position, sawBuffering: false, at: this.now() };
    this.player.seekTo(position, true);
  }

  setRate(rate: number): void {
    this.player.setPlaybackRate(rate);
  }

  get muted(): boolean {
    return this.player.isMuted();
  }

  setMuted(muted: boolean): void {
    if (muted) this.player.mute();
    else this.player.unMute();
    for (const listener of this.listeners) listener();
  }

  /** The player's volume as a fraction (the API speaks whole percents). */
  getVolume(): number | null {
    const volume = Number(this.player.getVolume?.());
    return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume / 100)) : null;
  }

  setVolume(volume: number): void {
    this.player.setVolume?.(Math.round(Math.min(1, Math.max(0, volume)) * 100));
  }

  duration(): number | null {
    const d = this.player.getDuration();
    return Number.isFinite(d) && d > 0 ? d : null;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.listeners.clear();
    try {
      this.player.destroy();
    } catch {
      // already gone with its frame
    }
  }
}

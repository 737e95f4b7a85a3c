/**
 * A site adapter: how the extension finds and drives the player on one streaming site. The engine
 * (lib/sync) only sees PlayerReading and PlayerAction; everything site-specific lives behind this.
 */
import type { PlayerReading } from "@/lib/sync";

/**
 * What SyncSession drives: a page's media element (PlayerControl), or a player behind an API such as
 * the website's YouTube and TikTok embeds, which have no element to hand out.
 * Positions are content seconds (a site whose element time differs maps them).
 */
export interface SyncPlayer {
  /** False for live streams: they follow play and pause only. */
  readonly seekable: boolean;
  /** The element, when there is one (the host's media change reads its duration). */
  readonly video?: HTMLVideoElement | null;
  read(): Omit<PlayerReading, "mediaId">;
  /** True once the player knows its media (HAVE_METADATA or later). */
  loaded(): boolean;
  play(): Promise<void>;
  pause(): void;
  seek(position: number): void;
  setRate(rate: number): void;
  /**
   * The player's volume (0..1, apart from mute), for auto-duck while someone speaks in voice; null
   * when the player cannot tell yet. Optional: a player without a volume (TikTok's embed) is not ducked.
   */
  getVolume?(): number | null;
  setVolume?(volume: number): void;
  /** The player's events the engine wants a tick on (seeked, playing, pause, ratechange, waiting…). */
  onChange(listener: () => void): () => void;
  dispose(): void;
}

/** The element, driven. */
export interface PlayerControl extends SyncPlayer {
  readonly video: HTMLVideoElement;
}

export interface SiteAdapter {
  id: string;
  /** Shown to people and sent as the party's platform. */
  platform: string;
  /** Hosts (of the tab or of the player's frame) this adapter serves. */
  matchesHost(hostname: string): boolean;
  /** The identity of the media a tab URL shows (same key = same video); null when it shows none. */
  mediaKey(url: URL): string | null;
  /** Whether the tab URL is a live stream (Twitch channels): follow play and pause only. */
  isLive?(url: URL): boolean;
  /** The party title from the page. */
  mediaTitle(doc: Document, url: URL): string;
  /** The element to drive in this document, or null when this frame has none. */
  findVideo(doc: Document): HTMLVideoElement | null;
  /** This document hosts the player, here or in a frame (popup: "no video found" otherwise). */
  hasPlayer(doc: Document): boolean;
  control(video: HTMLVideoElement, env: AdapterEnv): PlayerControl;
}

export interface AdapterEnv {
  /** The tab's top-level URL (the frame may be an embedded player on another origin). */
  tabUrl: URL;
  doc: Document;
}

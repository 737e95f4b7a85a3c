/**
 * A site adapter: how the extension finds and drives the player on one streaming site. The engine
 * (lib/sync) only sees PlayerReading and PlayerAction; everything site-specific lives behind this.
 */
import type { PlayerReading } from "@/lib/sync";

/** The element, driven. Positions are content seconds (a site whose element time differs maps them). */
export interface PlayerControl {
  readonly video: HTMLVideoElement;
  /** False for live streams: they follow play and pause only. */
  readonly seekable: boolean;
  read(): Omit<PlayerReading, "mediaId">;
  /** True once the element knows its media (HAVE_METADATA or later). */
  loaded(): boolean;
  play(): Promise<void>;
  pause(): void;
  seek(position: number): void;
  setRate(rate: number): void;
  /** The player's events the engine wants a tick on (seeked, playing, pause, ratechange, waiting…). */
  onChange(listener: () => void): () => void;
  dispose(): void;
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

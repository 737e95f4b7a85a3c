/**
 * The injected player: what the engine reads from an HTML5 media element (through a site adapter in
 * the extension, or the simulated player in tests) and the actions it asks the adapter to perform.
 */

export interface PlayerReading {
  /** `currentTime`, seconds. */
  currentTime: number;
  paused: boolean;
  /** `playbackRate` as the element reports it (the value last set, not necessarily applied yet). */
  playbackRate: number;
  /** `seeking`: a seek was requested and has not landed. */
  seeking: boolean;
  /** Wants to play but cannot: `waiting`/`stalled` fired, or `readyState` < HAVE_FUTURE_DATA while playing. */
  buffering: boolean;
  /**
   * An ad plays instead of the media (the site's player says so). The reading's time is then the ad's
   * (or a content element the site holds while its ad element plays): neither buffering nor a position
   * to sync. Absent: the player cannot tell.
   */
  ad?: boolean;
  /**
   * The end (s) of the buffered range the player plays from (HTMLMediaElement.buffered: the range that
   * holds `currentTime`): the player stalls when it gets there. Absent: the player cannot tell (a live
   * stream, an embed without the information). The host publishes it as its horizon.
   */
  bufferedEnd?: number;
  /** The party media the page shows (the adapter maps the page to the server's media id); null while loading. */
  mediaId: string | null;
}

export type PlayerAction =
  | { type: "seek"; position: number }
  | { type: "setRate"; rate: number }
  | { type: "play" }
  | { type: "pause" };

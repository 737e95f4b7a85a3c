/**
 * Max: the element's timeline is not the programme's — the stream stitches intros/bumpers before
 * the content, so `currentTime` runs ahead of what the player's scrubber shows by an offset. Parties
 * speak content time, so this adapter maps element ↔ content time with the offset learned from the
 * scrubber: the scrubber shows whole content seconds (`aria-valuenow`) a little after the element
 * reached them, so every change of that value gives `elementTime − value ≥ offset`; the smallest seen
 * is the offset (a jump of more than 1.5 s means a new period: start over).
 */
import { allVideos, cleanTitle, isShown, onDomain, pickMainVideo, text } from "./dom";
import type { PlayerControl, SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

const SCRUBBER = '[data-testid="player-ux-scrubber"], [role="slider"][aria-label="Seek"]';
/**
 * The player's ad UI during a break (its `player-ux-ad-…` test ids, such as the ad's skip button). The
 * break is stitched into the element's timeline, so the scrubber clock starts a new period after it.
 */
const AD_UI = '[data-testid^="player-ux-ad-"]';

export class ScrubberClock {
  private best: number | null = null;
  private readonly observer: MutationObserver | null;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly doc: Document,
  ) {
    const MutationObserverImpl = doc.defaultView?.MutationObserver;
    this.observer = MutationObserverImpl ? new MutationObserverImpl(() => this.sample()) : null;
    this.observer?.observe(doc.documentElement, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  }

  private scrubberValue(): number | null {
    const raw = this.doc.querySelector(SCRUBBER)?.getAttribute("aria-valuenow");
    const value = raw === null || raw === undefined ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  }

  /** A scrubber change: one more bound on the offset. */
  sample(): void {
    const value = this.scrubberValue();
    if (value === null || this.video.seeking) return;
    const candidate = this.video.currentTime - value;
    if (this.best === null || candidate < this.best || candidate - this.best > 1.5) this.best = candidate;
  }

  /** Element seconds minus content seconds (0 until the scrubber has been seen). */
  get offset(): number {
    if (this.best === null) this.sample();
    return this.best ?? 0;
  }

  dispose(): void {
    this.observer?.disconnect();
  }
}

export const maxAdapter: SiteAdapter = {
  id: "max",
  platform: "HBO Max",
  matchesHost: (host) => onDomain(host, "max.com") || onDomain(host, "hbomax.com"),
  mediaKey: (url) => {
    const ids = url.pathname.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi);
    const id = ids?.[ids.length - 1];
    return /\/(?:video\/watch|play)\//.test(url.pathname) && id ? `max:${id.toLowerCase()}` : null;
  },
  mediaTitle: (doc) => text(doc, '[data-testid="player-ux-asset-title"]') ?? cleanTitle(doc.title, "Max"),
  findVideo: (doc) => doc.querySelector<HTMLVideoElement>('[data-testid="VideoContainer"] video') ?? pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => doc.querySelector('[data-testid="VideoContainer"]') !== null || allVideos(doc).length > 0,
  control: (video, env): PlayerControl => {
    const clock = new ScrubberClock(video, env.doc);
    const control = new VideoControl(video, {
      toContent: (t) => t - clock.offset,
      toElement: (t) => t + clock.offset,
      adPlaying: () => [...env.doc.querySelectorAll(AD_UI)].some(isShown),
    });
    const dispose = control.dispose.bind(control);
    control.dispose = () => {
      clock.dispose();
      dispose();
    };
    return control;
  },
};

/** Resolves with the adapter's video once the page has one (players are often built after load). */
import type { SiteAdapter } from "../../../lib/party-client/sync-player";

export function waitForVideo(adapter: SiteAdapter, doc: Document, timeoutMs: number, signal?: AbortSignal): Promise<HTMLVideoElement | null> {
  const found = adapter.findVideo(doc);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const win = doc.defaultView;
    let done = false;
    const finish = (video: HTMLVideoElement | null) => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(video);
    };
    const check = () => {
      const video = adapter.findVideo(doc);
      if (video) finish(video);
    };
    const onAbort = () => finish(null);
    const observer = win?.MutationObserver ? new win.MutationObserver(check) : null;
    observer?.observe(doc.documentElement, { childList: true, subtree: true });
    // Shadow roots are not observed: poll as well.
    const poll = setInterval(check, 1000);
    const timer = setTimeout(() => finish(null), timeoutMs);
    signal?.addEventListener("abort", onAbort);
  });
}

/**
 * Loads the YouTube IFrame Player API script once per page (its URL is configuration: the real one in
 * production, a local stand-in in tests) and resolves with `window.YT` once the script has called
 * `onYouTubeIframeAPIReady`.
 */
import type { YouTubeNamespace } from "./youtube-player";

type YouTubeWindow = Window & { YT?: Partial<YouTubeNamespace>; onYouTubeIframeAPIReady?: () => void };

let loading: Promise<YouTubeNamespace> | null = null;

export function loadYouTubeApi(scriptUrl: string, win: YouTubeWindow = window as YouTubeWindow): Promise<YouTubeNamespace> {
  if (win.YT?.Player) return Promise.resolve(win.YT as YouTubeNamespace);
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (win.YT?.Player) resolve(win.YT as YouTubeNamespace);
      else reject(new Error("The YouTube player did not load."));
    };
    const script = win.document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("The YouTube player could not be loaded. Check your connection and try again."));
    };
    win.document.head.appendChild(script);
  });
  return loading;
}

/**
 * Whether the room has room for two columns (Tailwind's lg, 1024 px): the video with its panels on the
 * left and members and chat on the right. Narrower, the panels under the video become tabs. Decided
 * in script rather than CSS so each panel is rendered once, with the ARIA its layout needs (a tabpanel
 * only where there are tabs). The room renders only in the browser (it waits for the party), so the
 * server's answer is never shown.
 */
import { useSyncExternalStore } from "react";

const WIDE = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useWideRoom(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches, () => true);
}

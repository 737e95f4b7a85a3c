/**
 * Tells a party session when its page starts to leave: `beforeunload` (a reload, a link, the tab
 * closed by the person: the earliest word, before the old page's player stalls on the navigation)
 * and `pagehide` (a tab closed by script, a page going into the back/forward cache). The session then
 * keeps what its dying player does to itself (see SyncSession.leaving). Returns the cleanup.
 */
export function watchPageLeaving(win: Pick<Window, "addEventListener" | "removeEventListener">, session: { leaving(): void }): () => void {
  const onLeave = () => session.leaving();
  win.addEventListener("beforeunload", onLeave);
  win.addEventListener("pagehide", onLeave);
  return () => {
    win.removeEventListener("beforeunload", onLeave);
    win.removeEventListener("pagehide", onLeave);
  };
}

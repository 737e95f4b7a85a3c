/** Kept apart from the player class so the room can build an embed address without loading the player. */

export function tiktokPlayerSrc(base: string, id: string): string {
  const url = new URL(`${base.replace(/\/+$/, "")}/${encodeURIComponent(id)}`);
  // Our own controls drive it; the frame's play button stays for the viewer. No related videos.
  for (const [key, value] of Object.entries({ autoplay: "0", controls: "1", rel: "0", music_info: "0", description: "0" })) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

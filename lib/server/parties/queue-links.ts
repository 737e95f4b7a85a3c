import "server-only";
/**
 * Which links a party's queue takes. A party whose media plays in the watch room (YouTube, TikTok)
 * queues only YouTube and TikTok videos, since everyone may be watching in the room; a party on
 * another site (the extension's) queues any http(s) link the host will open.
 */
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import type { QueueContext, QueueLink } from "@/lib/sync";
import { isRoomPlayable } from "@/lib/watch-room/media-key";
import { untitledMediaTitle } from "@/lib/watch-room/room-texts";

export const ROOM_LINKS_ONLY = "Only YouTube and TikTok video links can be queued in this party.";
export const TIKTOK_SHORT_LINK =
  "TikTok short links can't be played here: open the link and copy the video's full address (tiktok.com/@name/video/…).";
export const NOT_A_LINK = "That is not a valid http(s) link.";

export function queueLinkRule(currentMediaUrl: string): QueueContext["accept"] {
  const roomOnly = isRoomPlayable(currentMediaUrl);
  return (link: QueueLink) => {
    const media = parseMediaUrl(link.url);
    if (media && media.id === null) return { ok: false, message: TIKTOK_SHORT_LINK };
    if (media && media.id !== null) {
      return { ok: true, url: media.url, title: link.title || untitledMediaTitle(media.platform, media.id) };
    }
    if (roomOnly) return { ok: false, message: ROOM_LINKS_ONLY };
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      return { ok: false, message: NOT_A_LINK };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: NOT_A_LINK };
    return { ok: true, url: url.toString(), title: link.title || `${url.hostname}${url.pathname}`.slice(0, 300) };
  };
}

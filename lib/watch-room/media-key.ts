/**
 * The identity of a party's media in the watch room: "youtube:{id}" or "tiktok:{id}" for links the
 * room can play (the shared parser decides), null for anything else (a streaming site the extension
 * serves, a TikTok short link that names no video).
 */
import { parseMediaUrl, type MediaLink } from "@/lib/media/parse-media-url";

export type PlayableMedia = Extract<MediaLink, { id: string }>;

export function playableMedia(url: string | null | undefined): PlayableMedia | null {
  if (!url) return null;
  const link = parseMediaUrl(url);
  return link && link.id !== null ? (link as PlayableMedia) : null;
}

export function roomMediaKey(url: string): string | null {
  const media = playableMedia(url);
  return media ? `${media.platform}:${media.id}` : null;
}

/** Whether a live party's media plays in the watch room (else it is an extension party). */
export function isRoomPlayable(url: string | null | undefined): boolean {
  return playableMedia(url) !== null;
}

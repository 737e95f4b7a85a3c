"use client";
/**
 * One add-a-video action for every form (playlist page, /add, /add-video): check with the API's own
 * schema (the fields at fault marked), send, and answer "Video added successfully!" or "Error adding
 * video" with the API's detail. The link and title are the form's LinkFields, kept in state, so a
 * link typed while the previous one is on its way survives; an accepted one is cleared.
 */
import type { LinkFields } from "@/components/common/use-link-fields";
import { problemsOf } from "@/lib/forms/form-errors";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { addPlaylistLinkInputSchema, mediaUrlSchema, platformRefusal, PLAYLIST_REQUIRED_MESSAGE, type PlaylistDetail } from "@/lib/schemas/playlist";
import { addPlaylistLink } from "./playlist-api";
import { fieldRefusal, refusalOf, useOutcomeAction, type Refusal } from "./use-outcome-action";

export const VIDEO_ADDED = "Video added successfully!";
export const ERROR_ADDING_VIDEO = "Error adding video";

type Accepts = Pick<PlaylistDetail, "accept_youtube" | "accept_tiktok">;
export type VideoField = "playlistId" | "url" | "title";
interface Video {
  playlistId: string;
  url: string;
  title: string;
}

/** The message for a link the playlist's "Accept …" switches refuse, or null when it is accepted. */
export function refusedPlatform(url: string, accepts: Accepts | undefined): string | null {
  const platform = parseMediaUrl(url)?.platform;
  if (!accepts || !platform) return null;
  const accepted = platform === "youtube" ? accepts.accept_youtube : accepts.accept_tiktok;
  return accepted ? null : platformRefusal(platform);
}

function check(video: Video, accepts: Accepts | undefined): Refusal<VideoField> | null {
  const missing = { ...(video.playlistId.trim() ? {} : { playlistId: PLAYLIST_REQUIRED_MESSAGE }), ...(video.url.trim() ? {} : { url: PLAYLIST_REQUIRED_MESSAGE }) };
  if (Object.keys(missing).length) return { outcome: { kind: "error", text: PLAYLIST_REQUIRED_MESSAGE }, fieldErrors: missing };
  const problems = problemsOf(addPlaylistLinkInputSchema, { url: video.url, title: video.title }, ["url", "title"]);
  if (problems) return refusalOf(ERROR_ADDING_VIDEO, problems);
  const refused = refusedPlatform(video.url.trim(), accepts);
  return refused ? { ...fieldRefusal("url", refused), outcome: { kind: "error", text: ERROR_ADDING_VIDEO, detail: refused } } : null;
}

interface Options {
  link: LinkFields;
  /** The playlist page's own playlist: its id, and the platforms it accepts. Elsewhere the form names one (field `playlistId`). */
  playlist?: PlaylistDetail;
}

export function useAddVideo({ link, playlist }: Options) {
  return useOutcomeAction<Video, VideoField>({
    initial: { playlistId: playlist?.id ?? "", url: "", title: "" },
    read: (form) => ({ playlistId: playlist?.id ?? String(form.get("playlistId") ?? ""), url: String(form.get("url") ?? ""), title: String(form.get("title") ?? "") }),
    check: (video) => check(video, playlist),
    send: async (video) => {
      await addPlaylistLink(video.playlistId.trim(), { url: mediaUrlSchema.parse(video.url), title: video.title });
      link.clear(video);
      return { text: VIDEO_ADDED };
    },
    failure: ERROR_ADDING_VIDEO,
  });
}

import "server-only";
import { count, eq } from "drizzle-orm";
import { playlist, playlistLink, user } from "@/db/schema";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { PLAYLIST_MAX_VIDEOS, platformRefusal, UNSUPPORTED_VIDEO_URL_ERROR, type PlaylistLink } from "@/lib/schemas/playlist";
import { ApiError, conflict, unprocessable } from "@/lib/server/http/api-error";
import { newPlaylistId } from "./new-codes";
import { inTransaction, lockPlaylistFor } from "./playlist-access";
import { resolveShortLinkIfEnabled } from "./resolve-tiktok-short-link";
import { toPlaylistLink } from "./to-playlist-link";

/**
 * A link refused because the playlist does not accept its platform right now (422). Carries what the
 * playlist does accept, so the Twitch chat bot can answer "Only YouTube links are accepted".
 */
export class PlatformRefusedError extends ApiError {
  constructor(
    readonly accepts: { youtube: boolean; tiktok: boolean },
    detail: string,
  ) {
    super("platform_not_accepted", detail);
  }
}

/**
 * POST /playlists/{id}/links: appends a YouTube or TikTok video (owner, editors, collaborators).
 * The playlist's "Accept YouTube" / "Accept TikTok" switches are enforced here, and the playlist
 * holds at most PLAYLIST_MAX_VIDEOS; the count and the new position are read under the row lock,
 * so two adds at once cannot both take the last place or the same position.
 */
export async function addPlaylistLink(playlistId: string, userId: string, input: { url: string; title: string | null }): Promise<PlaylistLink> {
  let media = parseMediaUrl(input.url);
  if (!media) throw unprocessable(`url: ${UNSUPPORTED_VIDEO_URL_ERROR}`, "unsupported_link");
  let url = media.url;
  if (media.platform === "tiktok" && media.id === null) {
    // Resolved before the transaction: a slow network must not hold the playlist's lock.
    const resolved = await resolveShortLinkIfEnabled(media.url);
    if (resolved) {
      media = resolved;
      url = resolved.url;
    }
  }

  const id = newPlaylistId();
  // The answer is the added link, built from the inserted row (the adder's own name is never hidden
  // from the adder): the playlist is not read again.
  return inTransaction(async (tx) => {
    const { row, role } = await lockPlaylistFor(tx, playlistId, userId, "canAdd");
    const accepts = { youtube: row.acceptYoutube, tiktok: row.acceptTiktok };
    if (!accepts[media.platform]) throw new PlatformRefusedError(accepts, platformRefusal(media.platform));
    const [existing] = await tx.select({ n: count() }).from(playlistLink).where(eq(playlistLink.playlistId, playlistId));
    const total = existing?.n ?? 0;
    if (total >= PLAYLIST_MAX_VIDEOS) {
      throw conflict("playlist_full", `This playlist is full (${PLAYLIST_MAX_VIDEOS} videos). Remove a video before adding another.`);
    }
    const [inserted] = await tx.insert(playlistLink).values({ id, playlistId, url, title: input.title, position: total, addedBy: userId }).returning();
    await tx.update(playlist).set({ updatedAt: new Date() }).where(eq(playlist.id, playlistId));
    const [adder] = await tx.select({ username: user.username }).from(user).where(eq(user.id, userId)).limit(1);
    return toPlaylistLink({ ...inserted!, addedByUsername: adder?.username ?? null }, { id: userId, role });
  });
}

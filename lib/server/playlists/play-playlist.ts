import "server-only";
/**
 * "Play in a party": a playlist's videos, in play order, loaded into the live party the caller hosts
 * (`queue`, all or nothing), or started as a new watch party — the first video playing, the rest
 * queued (`start`). Anyone who may open the playlist may play it; the party is the caller's own.
 */
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlistLink } from "@/db/schema";
import { playPlaylistResultSchema, type PlayPlaylistResult } from "@/lib/schemas/playlist";
import { conflict, notFound, unprocessable } from "@/lib/server/http/api-error";
import { addLinksToQueue } from "@/lib/server/parties/add-to-queue";
import type { PartyHost } from "@/lib/server/parties/create-party";
import { findHostedParty } from "@/lib/server/parties/find-hosted-party";
import { startPartyWithLinks } from "@/lib/server/parties/start-party-with-links";
import { findPlaylist, PLAYLIST_NOT_FOUND } from "./playlist-access";

export const EMPTY_PLAYLIST = "This playlist has no videos to play yet.";
export const NOT_HOSTING = "You are not hosting a live party. Start a watch party from this playlist instead.";
export const ALREADY_HOSTING = "You are already hosting a live party: load the playlist into its queue instead.";

const videos = (n: number) => `${n} video${n === 1 ? "" : "s"}`;

export async function playPlaylist(playlistId: string, host: PartyHost, mode: "queue" | "start", visibility: "public" | "private"): Promise<PlayPlaylistResult> {
  const found = await findPlaylist(playlistId);
  if (!found) throw notFound(PLAYLIST_NOT_FOUND);
  const db = await getDb();
  const rows = await db
    .select({ url: playlistLink.url, title: playlistLink.title })
    .from(playlistLink)
    .where(eq(playlistLink.playlistId, found.id))
    .orderBy(asc(playlistLink.position), asc(playlistLink.createdAt), asc(playlistLink.id));
  if (rows.length === 0) throw unprocessable(EMPTY_PLAYLIST, "empty_playlist");
  const links = rows.map((r) => ({ url: r.url, title: r.title?.slice(0, 300) || undefined }));
  const hosted = await findHostedParty(host.id);

  if (mode === "queue") {
    if (!hosted) throw conflict("not_hosting", NOT_HOSTING);
    await addLinksToQueue(hosted.id, host.id, links);
    return playPlaylistResultSchema.parse({ mode, party_id: hosted.id, videos: links.length, message: `Loaded ${videos(links.length)} into your party's queue.` });
  }
  if (hosted) throw conflict("already_hosting", ALREADY_HOSTING);
  const { row, videos: count } = await startPartyWithLinks(host, links, { synopsis: `Playlist: ${found.title}`, visibility });
  return playPlaylistResultSchema.parse({ mode, party_id: row.id, videos: count, message: `Started a watch party with ${videos(count)}.` });
}

/**
 * The browser side of the playlist resource: SWR hooks for reads and the one write, in one place
 * so components never build API paths or call fetch themselves.
 */
import useSWR, { mutate } from "swr";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import type { AddPlaylistLinkInput, PlaylistDetail, PlaylistLink, PlaylistSummary } from "@/lib/schemas/playlist";

export const PLAYLISTS_PATH = "/api/v1/playlists";

export function playlistPath(id: string): string {
  return `${PLAYLISTS_PATH}/${encodeURIComponent(id)}`;
}

/** A missing playlist stays missing: retrying a 404 only delays the "not found" message. */
const retryUnlessNotFound = (error: Error) => !(error instanceof ApiClientError && error.status === 404);

export function usePlaylists() {
  return useSWR<PlaylistSummary[], Error>(PLAYLISTS_PATH);
}

/** One playlist with its videos; `null` id → no request. */
export function usePlaylist(id: string | null) {
  return useSWR<PlaylistDetail, Error>(id ? playlistPath(id) : null, { shouldRetryOnError: retryUnlessNotFound });
}

export async function addPlaylistLink(playlistId: string, input: AddPlaylistLinkInput): Promise<PlaylistLink> {
  const link = await apiFetch<PlaylistLink>(`${playlistPath(playlistId)}/links`, { method: "POST", json: input });
  // A playlist page open elsewhere in this tab's cache shows the new video without a reload.
  void mutate(playlistPath(playlistId));
  return link;
}

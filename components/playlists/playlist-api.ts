/**
 * The browser side of the playlist resource: SWR hooks for reads and every write, in one place so
 * components never build API paths or call fetch themselves. Writes refresh the cached reads they
 * change, so an open playlist page shows the result without a reload.
 */
import useSWR, { mutate } from "swr";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { CURRENT_PARTY_PATH } from "@/lib/api/use-current-party";
import type {
  AddPlaylistLinkInput,
  CreatePlaylistInput,
  JoinPlaylistResult,
  MyPlaylist,
  PlaylistDetail,
  PlaylistLink,
  PlaylistSummary,
  PlayPlaylistInput,
  PlayPlaylistResult,
  TwitchSettings,
  TwitchSettingsInput,
  UpdatePlaylistInput,
} from "@/lib/schemas/playlist";

export const PLAYLISTS_PATH = "/api/v1/playlists";
export const MY_PLAYLISTS_PATH = `${PLAYLISTS_PATH}/me`;

export function playlistPath(id: string): string {
  return `${PLAYLISTS_PATH}/${encodeURIComponent(id)}`;
}
const linkPath = (id: string, linkId: string) => `${playlistPath(id)}/links/${encodeURIComponent(linkId)}`;
const twitchPath = (id: string) => `${playlistPath(id)}/twitch`;

/** A missing or forbidden thing stays so: retrying only delays the message. */
const retryUnlessClientError = (error: Error) => !(error instanceof ApiClientError && error.status >= 400 && error.status < 500);

export function usePlaylists() {
  return useSWR<PlaylistSummary[], Error>(PLAYLISTS_PATH);
}

/** The caller's own and joined playlists; `enabled` false (signed out) → no request. */
export function useMyPlaylists(enabled: boolean) {
  return useSWR<MyPlaylist[], Error>(enabled ? MY_PLAYLISTS_PATH : null, { shouldRetryOnError: retryUnlessClientError });
}

/** One playlist with its videos; `null` id → no request. */
export function usePlaylist(id: string | null) {
  return useSWR<PlaylistDetail, Error>(id ? playlistPath(id) : null, { shouldRetryOnError: retryUnlessClientError });
}

/** How often an open Twitch panel refreshes the chat bot's status. */
export const TWITCH_STATUS_POLL_MS = 3000;

/** The owner's Twitch settings and the bot's status, refreshed every few seconds while `id` is set. */
export function useTwitchSettings(id: string | null) {
  return useSWR<TwitchSettings, Error>(id ? twitchPath(id) : null, {
    shouldRetryOnError: retryUnlessClientError,
    refreshInterval: TWITCH_STATUS_POLL_MS,
  });
}

function refreshLists(): void {
  void mutate(PLAYLISTS_PATH);
  void mutate(MY_PLAYLISTS_PATH);
}

export async function createPlaylist(input: CreatePlaylistInput): Promise<PlaylistDetail> {
  const created = await apiFetch<PlaylistDetail>(PLAYLISTS_PATH, { method: "POST", json: input });
  refreshLists();
  return created;
}

export async function updatePlaylist(id: string, input: UpdatePlaylistInput): Promise<PlaylistDetail> {
  const updated = await apiFetch<PlaylistDetail>(playlistPath(id), { method: "PATCH", json: input });
  void mutate(playlistPath(id), updated, { revalidate: false });
  refreshLists();
  return updated;
}

export async function deletePlaylist(id: string): Promise<void> {
  await apiFetch(playlistPath(id), { method: "DELETE" });
  refreshLists();
}

export async function joinPlaylist(code: string): Promise<JoinPlaylistResult> {
  const joined = await apiFetch<JoinPlaylistResult>(`${PLAYLISTS_PATH}/join`, { method: "POST", json: { code } });
  void mutate(playlistPath(joined.playlist_id));
  refreshLists();
  return joined;
}

/**
 * The answer is the added link itself: the cached playlist and the caller's list take it in place
 * (the link at the end, one more video), with no refetch of either.
 */
export async function addPlaylistLink(playlistId: string, input: AddPlaylistLinkInput): Promise<PlaylistLink> {
  const link = await apiFetch<PlaylistLink>(`${playlistPath(playlistId)}/links`, { method: "POST", json: input });
  void mutate<PlaylistDetail>(
    playlistPath(playlistId),
    (current) => (current && !current.links.some((l) => l.id === link.id) ? { ...current, links: [...current.links, link], total_videos: current.total_videos + 1 } : current),
    { revalidate: false },
  );
  void mutate<MyPlaylist[]>(
    MY_PLAYLISTS_PATH,
    (current) => current?.map((p) => (p.id === playlistId ? { ...p, total_videos: p.total_videos + 1 } : p)),
    { revalidate: false },
  );
  return link;
}

export async function removePlaylistLink(playlistId: string, linkId: string): Promise<void> {
  await apiFetch(linkPath(playlistId, linkId), { method: "DELETE" });
  void mutate(playlistPath(playlistId));
  void mutate(MY_PLAYLISTS_PATH);
}

export async function movePlaylistLink(playlistId: string, linkId: string, position: number): Promise<PlaylistDetail> {
  const updated = await apiFetch<PlaylistDetail>(linkPath(playlistId, linkId), { method: "PATCH", json: { position } });
  void mutate(playlistPath(playlistId), updated, { revalidate: false });
  return updated;
}

export async function saveTwitchSettings(playlistId: string, input: TwitchSettingsInput): Promise<TwitchSettings> {
  const saved = await apiFetch<TwitchSettings>(twitchPath(playlistId), { method: "PUT", json: input });
  void mutate(twitchPath(playlistId), saved, { revalidate: false });
  return saved;
}

/** Loads the playlist into the live party you host, or starts a watch party from it. */
export async function playPlaylist(id: string, input: PlayPlaylistInput): Promise<PlayPlaylistResult> {
  const result = await apiFetch<PlayPlaylistResult>(`${playlistPath(id)}/play`, { method: "POST", json: input });
  void mutate(CURRENT_PARTY_PATH);
  return result;
}

/** Turns the playlist's chat bot on (or restarts it) and off. */
export async function setTwitchBotConnected(playlistId: string, connected: boolean): Promise<TwitchSettings> {
  const settings = await apiFetch<TwitchSettings>(`${twitchPath(playlistId)}/connection`, { method: connected ? "POST" : "DELETE" });
  void mutate(twitchPath(playlistId), settings, { revalidate: false });
  return settings;
}

/** The message to show for a failed call: the API's detail when it sent one. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

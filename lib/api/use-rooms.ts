"use client";
/**
 * The browser side of rooms: SWR hooks for your rooms and one room, and the writes, so components
 * never build API paths or call fetch themselves. Keys carry the viewer's id: what a room shows
 * (your role, its invite code) differs per viewer.
 */
import useSWR, { mutate } from "swr";
import { apiFetch } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { CreatePartyInput, PartyDetail } from "@/lib/schemas/party";
import type { Room, RoomCreateValues } from "@/lib/schemas/room";
import { CURRENT_PARTY_PATH } from "./use-current-party";

export const ROOMS_PATH = "/api/v1/rooms";
export const MY_ROOMS_PATH = "/api/v1/users/me/rooms";

type Key = readonly [path: string, viewer: string];
const fetchKey = <T>([path]: Key) => apiFetch<T>(path);

export function roomPath(slug: string, code?: string | null): string {
  return `${ROOMS_PATH}/${encodeURIComponent(slug)}${code ? `?code=${encodeURIComponent(code)}` : ""}`;
}

/** The address people open and share: `/r/{slug}` (with the invite code for a members-only room). */
export function roomUrl(slug: string, code?: string | null): string {
  return `/r/${encodeURIComponent(slug)}${code ? `?code=${encodeURIComponent(code)}` : ""}`;
}

function revalidateRooms(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === "string" && (key[0].startsWith(ROOMS_PATH) || key[0] === MY_ROOMS_PATH));
}

/** GET /users/me/rooms: the rooms you own or belong to; runs only when someone is signed in. */
export function useMyRooms() {
  const { user, isLoading } = useCurrentUser();
  return useSWR<Room[], Error, Key | null>(isLoading || !user ? null : [MY_ROOMS_PATH, user.id], fetchKey);
}

/** GET /rooms/{slug}(?code=): one room as the viewer sees it; `initial` is the server's reading. */
export function useRoom(slug: string, code: string | null, initial?: Room) {
  const { user, isLoading } = useCurrentUser();
  return useSWR<Room, Error, Key | null>(isLoading ? null : [roomPath(slug, code), user?.id ?? "anonymous"], fetchKey, {
    shouldRetryOnError: false,
    fallbackData: initial,
  });
}

export async function createRoom(input: Partial<RoomCreateValues>): Promise<Room> {
  const room = await apiFetch<Room>(ROOMS_PATH, { method: "POST", json: input });
  void revalidateRooms();
  return room;
}

export async function joinRoom(slug: string, code: string | null): Promise<Room> {
  const room = await apiFetch<Room>(`${roomPath(slug)}/members`, { method: "POST", json: code ? { invite_code: code } : {} });
  void revalidateRooms();
  return room;
}

export async function leaveRoom(slug: string, userId: string): Promise<void> {
  await apiFetch<null>(`${roomPath(slug)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" });
  void revalidateRooms();
}

/** POST /rooms/{slug}/live: the owner or a co-host starts the room's party (its privacy is the room's). */
export async function goLiveInRoom(slug: string, input: Pick<CreatePartyInput, "video_url" | "video_title">): Promise<PartyDetail> {
  const party = await apiFetch<PartyDetail>(`${roomPath(slug)}/live`, { method: "POST", json: { video_url: input.video_url, video_title: input.video_title } });
  void mutate(CURRENT_PARTY_PATH);
  void revalidateRooms();
  return party;
}

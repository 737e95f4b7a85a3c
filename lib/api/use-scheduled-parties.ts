"use client";
/**
 * The browser side of the scheduled-party resource: SWR hooks for the lists and the
 * writes, in one place so components never build API paths or call fetch themselves. Keys carry the
 * viewer's id: the lists differ per viewer (private parties, RSVP records).
 */
import useSWR, { mutate } from "swr";
import { apiFetch } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { ProgrammeInput, JoinedRecord, RsvpResult, ScheduledParty, ScheduledPartyInput, StartScheduledPartyResult } from "@/lib/schemas/scheduled-party";
import { CURRENT_PARTY_PATH } from "./use-current-party";

export const SCHEDULED_PARTIES_PATH = "/api/v1/scheduled-parties";

type Key = readonly [path: string, viewer: string];
const fetchKey = <T>([path]: Key) => apiFetch<T>(path);

export function scheduledPartyPath(id: string, code?: string | null): string {
  return `${SCHEDULED_PARTIES_PATH}/${encodeURIComponent(id)}${code ? `?code=${encodeURIComponent(code)}` : ""}`;
}

function rsvpPath(id: string, code?: string | null): string {
  return `${SCHEDULED_PARTIES_PATH}/${encodeURIComponent(id)}/rsvp${code ? `?code=${encodeURIComponent(code)}` : ""}`;
}

/** Every cached scheduled-party read (lists, one party, RSVP records) fetches again. */
export function revalidateScheduledParties(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === "string" && key[0].startsWith(SCHEDULED_PARTIES_PATH));
}

function useViewerKey(path: string | null, { signedInOnly = false } = {}): Key | null {
  const { user, isLoading } = useCurrentUser();
  if (!path || isLoading || (signedInOnly && !user)) return null;
  return [path, user?.id ?? "anonymous"];
}

/** GET /scheduled-parties: public parties (signed in: plus the private ones you host or RSVP'd to). */
export function useScheduledParties() {
  return useSWR<ScheduledParty[], Error, Key | null>(useViewerKey(SCHEDULED_PARTIES_PATH), fetchKey);
}

/** GET /scheduled-parties/me: your own. */
export function useMyScheduledParties() {
  return useSWR<ScheduledParty[], Error, Key | null>(useViewerKey(`${SCHEDULED_PARTIES_PATH}/me`, { signedInOnly: true }), fetchKey);
}

/** GET /scheduled-parties/me/joined: runs only when a user is signed in. */
export function useJoinedScheduledParties() {
  return useSWR<JoinedRecord[], Error, Key | null>(useViewerKey(`${SCHEDULED_PARTIES_PATH}/me/joined`, { signedInOnly: true }), fetchKey);
}

/** GET /scheduled-parties/host/{id}: a user's parties you may see; `null` id → no request. */
export function useHostScheduledParties(hostId: string | null) {
  return useSWR<ScheduledParty[], Error, Key | null>(
    useViewerKey(hostId ? `${SCHEDULED_PARTIES_PATH}/host/${encodeURIComponent(hostId)}` : null),
    fetchKey,
  );
}

/** GET /scheduled-parties/{id}(?code=): one party, e.g. from an invite link. */
export function useScheduledParty(id: string | null, code?: string | null) {
  return useSWR<ScheduledParty, Error, Key | null>(useViewerKey(id ? scheduledPartyPath(id, code) : null), fetchKey, {
    shouldRetryOnError: false,
  });
}

export async function createScheduledParty(input: ScheduledPartyInput): Promise<ScheduledParty> {
  const party = await apiFetch<ScheduledParty>(SCHEDULED_PARTIES_PATH, { method: "POST", json: input });
  void revalidateScheduledParties();
  return party;
}

export async function updateScheduledParty(id: string, input: ScheduledPartyInput): Promise<ScheduledParty> {
  const party = await apiFetch<ScheduledParty>(scheduledPartyPath(id), { method: "PUT", json: input });
  void revalidateScheduledParties();
  return party;
}

export async function deleteScheduledParty(id: string): Promise<void> {
  await apiFetch<null>(scheduledPartyPath(id), { method: "DELETE" });
  void revalidateScheduledParties();
}

/** Resolves after the lists have fetched again, so the new count and button state show together. */
export async function rsvpScheduledParty(id: string, code?: string | null): Promise<RsvpResult> {
  const result = await apiFetch<RsvpResult>(rsvpPath(id, code), { method: "POST" });
  await revalidateScheduledParties();
  return result;
}

export async function unRsvpScheduledParty(id: string): Promise<RsvpResult> {
  const result = await apiFetch<RsvpResult>(rsvpPath(id), { method: "DELETE" });
  await revalidateScheduledParties();
  return result;
}

/** The host replaces the programme (the whole list, in play order); answers the updated party. */
export async function setScheduledPartyProgramme(id: string, items: ProgrammeInput["items"]): Promise<ScheduledParty> {
  const party = await apiFetch<ScheduledParty>(`${SCHEDULED_PARTIES_PATH}/${encodeURIComponent(id)}/programme`, { method: "PUT", json: { items } });
  void revalidateScheduledParties();
  return party;
}

/** The host starts the party as a live party (or gets the one already running). */
export async function startScheduledParty(id: string): Promise<StartScheduledPartyResult> {
  const result = await apiFetch<StartScheduledPartyResult>(`${SCHEDULED_PARTIES_PATH}/${encodeURIComponent(id)}/start`, { method: "POST" });
  void revalidateScheduledParties();
  void mutate(CURRENT_PARTY_PATH);
  return result;
}

"use client";
/**
 * The live parties list: GET /parties/active polled every 5 s, patched between polls by
 * the deltas stream (PARTY_CREATED, PARTY_UPDATED, PARTY_SIZE, PARTY_STATE, PARTY_ENDED).
 */
import { useEffect } from "react";
import useSWR from "swr";
import { LIVE_PARTY_LIST_LIMIT, LIVE_PARTY_POLL_INTERVAL_MS } from "@/lib/constants";
import type { ActiveParty, PartyDelta } from "@/lib/schemas/party";

/** What the live table shows: the spec's field list plus the host's username, privacy and picture, synopsis and state. */
export const LIVE_TABLE_FIELDS = [
  "id", "host_display_name", "host_username", "host_private", "host_image_url", "platform_id", "platform_domain", "chat_provider", "chat_identifier",
  "created_at", "party_size", "video_title", "host_video_url", "synopsis", "state",
] as const satisfies readonly (keyof ActiveParty)[];
export type LiveParty = Pick<ActiveParty, (typeof LIVE_TABLE_FIELDS)[number]>;

export const ACTIVE_PARTIES_KEY = `/api/v1/parties/active?fields=${LIVE_TABLE_FIELDS.join(",")}&limit=${LIVE_PARTY_LIST_LIMIT}`;
export const ACTIVE_PARTY_DELTAS_PATH = "/api/v1/parties/active/deltas";


function pick(party: ActiveParty): LiveParty {
  return Object.fromEntries(LIVE_TABLE_FIELDS.map((f) => [f, party[f]])) as LiveParty;
}

/** Applies one delta to the list; pure, so a poll answer and a stream message can never fight. */
export function applyPartyDelta(list: LiveParty[], delta: PartyDelta): LiveParty[] {
  const { payload } = delta;
  const patch = (changes: Partial<LiveParty>) => list.map((p) => (p.id === payload.id ? { ...p, ...changes } : p));
  switch (delta.type) {
    case "PARTY_CREATED":
      return list.some((p) => p.id === payload.id) ? list : [pick(delta.payload.party), ...list];
    case "PARTY_UPDATED":
      return patch({ host_video_url: delta.payload.host_video_url, video_title: delta.payload.video_title });
    case "PARTY_SIZE":
      return patch({ party_size: delta.payload.party_size });
    case "PARTY_STATE":
      if (delta.payload.state === "ENDED") return list.filter((p) => p.id !== payload.id);
      return patch({ ...(delta.payload.party ? pick(delta.payload.party) : {}), state: delta.payload.state });
    case "PARTY_ENDED":
      return list.filter((p) => p.id !== payload.id);
  }
}

/**
 * The deltas' schema (and zod with it, 28 KiB gzip) loads with the first delta, not with the page:
 * a quiet list never needs it. Messages wait for it in their order (they chain on one promise).
 */
let deltaSchema: Promise<(typeof import("@/lib/schemas/party"))["partyDeltaSchema"]> | null = null;
const loadDeltaSchema = () => (deltaSchema ??= import("@/lib/schemas/party").then((m) => m.partyDeltaSchema));

export function useActiveParties() {
  const swr = useSWR<LiveParty[], Error>(ACTIVE_PARTIES_KEY, { refreshInterval: LIVE_PARTY_POLL_INTERVAL_MS });
  const { mutate } = swr;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(ACTIVE_PARTY_DELTAS_PATH);
    source.onmessage = (event: MessageEvent<string>) => {
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      void loadDeltaSchema().then((schema) => {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return;
        void mutate((list) => (list ? applyPartyDelta(list, parsed.data) : list), { revalidate: false });
      });
    };
    // EventSource reconnects by itself; the 5 s poll covers whatever was missed meanwhile.
    return () => source.close();
  }, [mutate]);

  return swr;
}

import "server-only";
/** Mapping between a live_party row and its public, member and protocol views. */
import type { liveParty } from "@/db/schema";
import { platformName } from "@/lib/platforms";
import { activePartySchema, partyDetailSchema, type ActiveParty, type PartyDetail } from "@/lib/schemas/party";
import type { Media, PartyMeta, PartyState } from "@/lib/sync";
import type { HostListing } from "@/lib/server/users/find-private-host-ids";
import { getEnv } from "@/lib/server/env";
import type { ListedPartyState } from "@/lib/listed-party-state";

export type PartyRow = typeof liveParty.$inferSelect;

/** The media a fresh party starts with (the protocol's media id for seq 0). */
export function initialMedia(row: PartyRow): Media {
  return { id: "m0", url: row.videoUrl, title: row.videoTitle, duration: null };
}

export function toMeta(row: PartyRow, media: Media = initialMedia(row)): PartyMeta {
  return {
    id: row.id,
    state: row.state as PartyState,
    title: row.videoTitle.slice(0, 200),
    hostUserId: row.hostId,
    hostDisplayName: row.hostDisplayName.slice(0, 100),
    platformDomain: row.platformDomain,
    chatProvider: row.chatProvider === "twitch" ? "twitch" : "builtin",
    chatChannel: row.chatIdentifier,
    visibility: row.visibility === "private" ? "private" : "public",
    streamerLatencyMs: row.streamerLatencyMs,
    media,
  };
}

/**
 * The state the public list shows: a party waiting for its host longer than VP_HOST_AWAY_MS is
 * HOST_AWAY (not live, whatever its room still holds), a shorter absence AWAITING_RECONNECT.
 */
export function listedState(row: PartyRow, now: number = Date.now()): ListedPartyState {
  const state = row.state as PartyState;
  if (state !== "AWAITING_RECONNECT" || !row.hostAwaySince) return state;
  return now - row.hostAwaySince.getTime() >= getEnv().VP_HOST_AWAY_MS ? "HOST_AWAY" : state;
}

/**
 * The public view of a live party. A host who keeps their profile private is listed without their
 * names or picture (see find-private-host-ids.ts); a host not found (a guest) as public, no picture.
 */
export function toActiveParty(row: PartyRow, partySize: number, host: HostListing = { isPrivate: false, imageUrl: null }): ActiveParty {
  const hostPrivate = host.isPrivate;
  const platform = platformName(row.platformDomain);
  return activePartySchema.parse({
    id: row.id,
    host_display_name: hostPrivate ? null : row.hostDisplayName,
    host_username: hostPrivate ? null : row.hostUsername,
    host_private: hostPrivate,
    host_image_url: hostPrivate ? null : host.imageUrl,
    platform_id: platform ? platform.toLowerCase().replace(/[^a-z0-9]+/g, "") : null,
    platform_domain: row.platformDomain,
    platform,
    chat_provider: row.chatProvider,
    chat_identifier: row.chatIdentifier,
    created_at: row.createdAt.toISOString(),
    party_size: partySize,
    video_title: row.videoTitle,
    host_video_url: row.videoUrl,
    synopsis: row.synopsis,
    state: listedState(row),
  });
}

/** A party as its host or a member (`role`) sees it, or as anyone else may (`role` null). */
export function toPartyDetail(row: PartyRow, partySize: number, role: "host" | "guest" | null, hostPrivate: boolean): PartyDetail {
  return partyDetailSchema.parse({
    ...toActiveParty(row, partySize, { isPrivate: hostPrivate, imageUrl: null }),
    visibility: row.visibility,
    streamer_latency_ms: row.streamerLatencyMs,
    // Members may invite others; the public never sees a private party's code.
    invite_code: role ? row.inviteCode : null,
    role,
    // Members see the room's own state; "host away" is how the public list ranks a party.
    state: row.state,
  });
}

/**
 * What a refused request means, as a code every side shares: the server sends it in every error body
 * (`{ "detail": "...", "code": "..." }`), the site, the extension and the Twitch bot branch on it.
 * `detail` is the text a person reads; it may be reworded at any time, so no client looks inside it.
 *
 * One entry per meaning, with the HTTP status it is answered with. The generic codes (the first
 * block) cover refusals no client tells apart; a refusal a client acts on has a code of its own.
 */
import { z } from "zod";

export const ERROR_STATUS = {
  // Generic, one per status.
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Input that fails validation. */
  unprocessable_entity: 422,
  rate_limited: 429,
  internal_error: 500,
  /** A service the server depends on (database, Redis, Twitch) does not answer: retry after Retry-After. */
  service_unavailable: 503,
  /** This server instance is shutting down (draining): retry after Retry-After, another instance answers. */
  draining: 503,

  /** A browser write sent from a page on another site. */
  cross_site_request: 403,

  // Live parties.
  /** The party has ended: it takes no joins, commands or streams any more. */
  party_ended: 409,
  /** Only the party's host may do that. */
  host_only: 403,
  /** The caller has not joined the party (or left it). */
  not_member: 403,
  /** The party is locked: no new members. */
  locked: 403,
  /** The host removed (kicked) the caller from the party, for a while. */
  removed: 403,
  /** The host banned the caller from the party. */
  banned: 403,
  /** The host muted the caller: no chat, no requests. */
  muted: 403,
  /** Chat slow mode: the next message is allowed after Retry-After. */
  slow_mode: 429,
  /** The caller (or the member named) already hosts a live party: one live party per host. */
  already_hosting: 409,
  /** The caller hosts no live party. */
  not_hosting: 409,
  /** A host handover to the current host. */
  already_host: 409,
  /** A host handover to a member whose player is not open. */
  not_watching: 409,
  /** Someone else became host meanwhile. */
  host_changed: 409,
  /** The host cannot kick, ban or mute themselves. */
  self_moderation: 409,
  /** The party mutes as many members as it may. */
  mute_limit: 409,
  /** The party does not relay Twitch chat. */
  not_twitch_chat: 409,
  /** A member reported their own chat message. */
  own_message: 409,
  /** A guest identity may not do that: it needs an account. */
  account_required: 403,

  // The party's queue and requests (lib/sync/queue's QueueErrorCode).
  queue_full: 409,
  item_not_found: 404,
  /** A link from a site this party (or playlist) cannot play. */
  unsupported_link: 422,
  nothing_next: 409,
  /** Someone already advanced the queue. */
  stale: 409,
  requests_full: 409,
  request_not_found: 404,
  already_requested: 409,

  // Polls and breaks.
  poll_open: 409,
  /** The poll is no longer open (closed, cancelled, decided or replaced). */
  poll_closed: 409,
  /** Only a tied poll takes the host's pick. */
  poll_not_tied: 409,
  /** A guest on this device has already voted. */
  device_voted: 403,
  no_break: 409,

  // Voice (lib/sync/voice-state.ts).
  /** Every seat (or every listener's place, or the waiting list) is taken. */
  voice_full: 409,
  /** The caller is not in voice (as a speaker, or as a listener for signalling). */
  not_in_voice: 409,
  /** The member a voice signal or a host's voice action names is not in voice (or not reachable from the caller's place). */
  voice_peer_absent: 409,

  // Recordings.
  already_recording: 409,
  not_recording: 409,
  /** The party's media cannot be recorded. */
  not_recordable: 409,
  /** Too many recordings are being read right now: retry after Retry-After. */
  busy: 503,

  // Playlists.
  playlist_full: 409,
  too_many_playlists: 409,
  /** The playlist does not accept links of this platform right now. */
  platform_not_accepted: 422,
  empty_playlist: 422,

  // Rooms.
  /** The address (or one that reads the same) belongs to another room. */
  room_slug_taken: 409,
  /** The caller owns as many rooms as one may. */
  too_many_rooms: 409,
  /** The owner cannot leave (or be removed from) their room before handing it over. */
  owner_must_hand_over: 409,
  /** Only the room's owner may do that. */
  owner_only: 403,
  /** A members-only room: the caller is not a member and holds no valid invite code. */
  members_only: 403,
  /** An invite code that is not (or no longer) the room's. */
  invalid_invite: 403,
  /** The room already has a live party (one at a time). */
  room_live: 409,

  // Accounts and scheduled parties.
  username_taken: 409,
  email_taken: 409,
  host_cannot_rsvp: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Every error body the API answers. */
export const apiErrorBodySchema = z.object({ detail: z.string(), code: errorCodeSchema });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The code of an error body; null for a body without one we know (another server's, a newer server's). */
export function errorCodeOf(body: unknown): ErrorCode | null {
  if (!body || typeof body !== "object") return null;
  const parsed = errorCodeSchema.safeParse((body as { code?: unknown }).code);
  return parsed.success ? parsed.data : null;
}

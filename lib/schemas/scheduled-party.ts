/**
 * Scheduled party resource schemas ("Scheduled party", "Joined/RSVP record"; party
 * rules; /scheduled-parties calls). Route handlers parse every body that enters and every payload
 * that leaves with these; the profile's party form validates with the same input schema.
 */
import { z } from "zod";
import { SCHEDULE_PAST_GRACE_MS, SCHEDULED_PARTY_PLATFORMS } from "@/lib/constants";
import { QUEUE_MAX_ITEMS, queueLinkSchema } from "@/lib/sync";
import { DATE_TIME_MAX_YEAR, idParamSchema, safeText, withinDateTimeBounds } from "./common";
import { partyDetailSchema } from "./party";

export const SCHEDULED_PARTY_TITLE_MAX_LENGTH = 200;
export const SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH = 2000;
export const SCHEDULED_PARTY_PRIVACY = ["public", "private"] as const;
export const SCHEDULED_PARTY_STATUSES = ["upcoming", "past"] as const;

export const ALREADY_RSVPD_MESSAGE = "Already RSVP'd to this party.";

/** The form's and the API's words for a start time that is missing, unreadable, too far or past. */
export const PICK_DATE_MESSAGE = "Pick a date and time.";
export const DATE_TOO_FAR_MESSAGE = `Pick a date before ${DATE_TIME_MAX_YEAR + 1}.`;
export const PAST_DATE_MESSAGE = "That time has already passed.";

/**
 * Whether a start time lies in the past (beyond SCHEDULE_PAST_GRACE_MS). Not part of the schema: the
 * answer depends on "now", and an edit may keep a party's own start time once it has passed.
 */
export function startsInThePast(iso: string, now: number = Date.now()): boolean {
  const instant = Date.parse(iso);
  return Number.isFinite(instant) && instant < now - SCHEDULE_PAST_GRACE_MS;
}

const fields = z.object({
  title: safeText("Title", { error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(SCHEDULED_PARTY_TITLE_MAX_LENGTH, `Title must be at most ${SCHEDULED_PARTY_TITLE_MAX_LENGTH} characters.`),
  /**
   * Sent as an ISO timestamp; an offset or Z is required so the instant is unambiguous. Within the
   * storable years (lib/schemas/common.ts), worded for a person: one before them has passed.
   */
  date_time: z.iso.datetime({ offset: true, error: PICK_DATE_MESSAGE }).superRefine((value, ctx) => {
    if (withinDateTimeBounds(value)) return;
    ctx.addIssue({ code: "custom", message: Date.parse(value) > Date.now() ? DATE_TOO_FAR_MESSAGE : PAST_DATE_MESSAGE });
  }),
  /** Optional; leading whitespace trimmed; blank → none. */
  description: safeText("Description")
    .max(SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH, `Description must be at most ${SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH} characters.`)
    .nullish()
    .transform((d) => d?.trimStart() || null),
  privacy: z.enum(SCHEDULED_PARTY_PRIVACY, { error: "Privacy must be public or private." }).default("public"),
  /** The platform label (body field show_movie). */
  show_movie: z.enum(SCHEDULED_PARTY_PLATFORMS, { error: `Platform must be one of: ${SCHEDULED_PARTY_PLATFORMS.join(", ")}.` }),
});

/**
 * POST and PUT body (PUT sends the same fields). `platform` is accepted as another name for
 * `show_movie`, since the spec's party entity names it both ways.
 */
export const scheduledPartyInputSchema = z.preprocess((raw) => {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const body = raw as Record<string, unknown>;
    if (body.show_movie === undefined && body.platform !== undefined) return { ...body, show_movie: body.platform };
  }
  return raw;
}, fields.strip());
export type ScheduledPartyInput = z.input<typeof fields>;
export type ScheduledPartyValues = z.output<typeof fields>;

export const scheduledPartyIdParamSchema = idParamSchema;
export const hostIdParamSchema = idParamSchema;
/** `?code=` carries a private party's invite code. */
export const inviteCodeQuerySchema = z.object({ code: safeText("code").trim().min(1).max(32).optional() });

/** A programme holds at most as many links as a live party's queue, plus the one that starts it. */
export const PROGRAMME_MAX_ITEMS = QUEUE_MAX_ITEMS;

/** PUT /scheduled-parties/{id}/programme body: the whole programme in play order (empty clears it). */
export const programmeInputSchema = z.object({
  items: z.array(queueLinkSchema).max(PROGRAMME_MAX_ITEMS, `A programme holds at most ${PROGRAMME_MAX_ITEMS} links.`),
});
export type ProgrammeInput = z.infer<typeof programmeInputSchema>;

export const programmeItemSchema = z.object({ url: z.string(), title: z.string() });
export type ProgrammeItem = z.infer<typeof programmeItemSchema>;

/**
 * The live party started from a scheduled party, while it runs. `join_id` is what opens its room
 * (/watch/{join_id}): the party id, or for a private party its invite code, which everyone who may
 * see the scheduled party (its host and invitees) may use.
 */
export const scheduledLiveSchema = z.object({ party_id: z.string(), join_id: z.string() });

/**
 * A host whose profile is private is not named to anyone else: `host_private` is true and the host's
 * id and names are null (the site shows "a private host"). The host sees their own parties in full.
 */
export const scheduledPartySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** The spec names the description synopsis too. */
  synopsis: z.string().nullable(),
  host_id: z.string().nullable(),
  host_username: z.string().nullable(),
  host_display_name: z.string().nullable(),
  host_private: z.boolean(),
  /** The host's profile picture for the lists; null without one or when the host is hidden. */
  host_image_url: z.string().nullable().default(null),
  host: z.object({ username: z.string().nullable(), display_name: z.string().nullable() }),
  show_movie: z.enum(SCHEDULED_PARTY_PLATFORMS),
  platform: z.enum(SCHEDULED_PARTY_PLATFORMS),
  date_time: z.string(),
  privacy: z.enum(SCHEDULED_PARTY_PRIVACY),
  status: z.enum(SCHEDULED_PARTY_STATUSES),
  /** Counted by the database. */
  rsvp_count: z.number().int().nonnegative(),
  created_at: z.string(),
  /** The host's view only: what lets others into a private party. */
  invite_code: z.string().nullable(),
  /** The links its live party will play, in order (the first starts it). */
  programme: z.array(programmeItemSchema),
  /** Its live party, once the host started it and until it ends. */
  live: scheduledLiveSchema.nullable(),
});
export type ScheduledParty = z.infer<typeof scheduledPartySchema>;
export const scheduledPartyListSchema = z.array(scheduledPartySchema);

/** GET /scheduled-parties/me/joined: one record per party the caller RSVP'd to. */
export const joinedRecordSchema = z.object({
  id: z.string(),
  scheduled_party_id: z.string(),
  title: z.string(),
  date_time: z.string(),
  status: z.enum(SCHEDULED_PARTY_STATUSES),
  host_username: z.string().nullable(),
  host_display_name: z.string().nullable(),
  host_private: z.boolean(),
  show_movie: z.enum(SCHEDULED_PARTY_PLATFORMS),
  privacy: z.enum(SCHEDULED_PARTY_PRIVACY),
  rsvp_count: z.number().int().nonnegative(),
  rsvped_at: z.string(),
});
export type JoinedRecord = z.infer<typeof joinedRecordSchema>;
export const joinedRecordListSchema = z.array(joinedRecordSchema);

/** POST / DELETE /scheduled-parties/{id}/rsvp. */
export const rsvpResultSchema = z.object({
  message: z.string(),
  scheduled_party_id: z.string(),
  rsvped: z.boolean(),
  rsvp_count: z.number().int().nonnegative(),
});
export type RsvpResult = z.infer<typeof rsvpResultSchema>;

/** POST /scheduled-parties/{id}/start: the live party, and whether this call started it. */
export const startScheduledPartyResultSchema = z.object({ started: z.boolean(), party: partyDetailSchema });
export type StartScheduledPartyResult = z.infer<typeof startScheduledPartyResultSchema>;

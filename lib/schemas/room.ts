/**
 * Rooms (`/r/{slug}`): the address rules, the role names, and the bodies the /rooms calls take and
 * answer. Route handlers parse every body that enters and every payload that leaves with these; the
 * site's room forms validate with the same input schemas.
 */
import { z } from "zod";
import { RESERVED_USERNAMES } from "@/lib/reserved-usernames";
import { pathId, safeText } from "./common";

export const ROOM_SLUG_MIN_LENGTH = 3;
export const ROOM_SLUG_MAX_LENGTH = 32;
export const ROOM_TITLE_MAX_LENGTH = 100;
export const ROOM_DESCRIPTION_MAX_LENGTH = 2000;
export const ROOM_PRIVACY = ["public", "unlisted", "members"] as const;
export type RoomPrivacy = (typeof ROOM_PRIVACY)[number];
/** The roles a member other than the owner holds (the owner is the room's `owner_id`). */
export const ROOM_MEMBER_ROLES = ["cohost", "moderator", "member"] as const;
export type RoomMemberRole = (typeof ROOM_MEMBER_ROLES)[number];
export const ROOM_ROLES = ["owner", ...ROOM_MEMBER_ROLES] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];
/** A room keeps leading from an address it gave up for this long (and nobody else can take it meanwhile). */
export const ROOM_SLUG_REDIRECT_DAYS = 30;
/** A person owns at most this many rooms. */
export const ROOM_MAX_OWNED = 25;

export const SLUG_LENGTH_MESSAGE = `Address must be ${ROOM_SLUG_MIN_LENGTH} to ${ROOM_SLUG_MAX_LENGTH} characters.`;
export const SLUG_CHARACTERS_MESSAGE = "Address may use only lowercase letters, digits and single hyphens between them.";
export const SLUG_RESERVED_MESSAGE = "That address is reserved for the site. Please pick another.";
export const SLUG_TAKEN_MESSAGE = "That address is taken. Please pick another.";
export const slugLookalikeMessage = (taken: string) => `That address looks too much like /r/${taken}, which is taken. Please pick another.`;
export const PICK_SLUG_MESSAGE = "Pick an address for the room.";
export const ROOM_LIVE_MESSAGE = "This room is live already: join its party, or end it before going live again.";
export const GO_LIVE_STAFF_ONLY = "Only the room's owner and co-hosts can go live in it.";

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * How an address reads, for telling lookalikes apart: hyphens dropped and the characters people
 * mistake for one another folded together (0/o, 1/l/i, 5/s, 3/e, 4/a, 7/t, 8/b, rn/m, vv/w). Two
 * addresses with one skeleton are one address to a reader.
 */
export function slugSkeleton(slug: string): string {
  return slug
    .toLowerCase()
    .replace(/-/g, "")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/[01i]/g, (c) => (c === "0" ? "o" : "l"))
    .replace(/[34578]/g, (c) => ({ "3": "e", "4": "a", "5": "s", "7": "t", "8": "b" })[c]!);
}

const RESERVED_SKELETONS: ReadonlyMap<string, string> = new Map(
  [...RESERVED_USERNAMES, "r", "new", "rooms", "room"].map((name) => [slugSkeleton(name), name]),
);

/** The reserved word (a site route, a name that impersonates the service) an address reads as, if any. */
export function reservedSlugFor(slug: string): string | null {
  return RESERVED_SKELETONS.get(slugSkeleton(slug)) ?? null;
}

/** A room address: trimmed and lowercased, then held to the rules above (a reserved word or a lookalike of one is refused). */
export const roomSlugSchema = z
  .string({ error: PICK_SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    if (slug.length < ROOM_SLUG_MIN_LENGTH || slug.length > ROOM_SLUG_MAX_LENGTH) ctx.addIssue({ code: "custom", message: SLUG_LENGTH_MESSAGE });
    else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: "custom", message: SLUG_CHARACTERS_MESSAGE });
    else if (reservedSlugFor(slug)) ctx.addIssue({ code: "custom", message: SLUG_RESERVED_MESSAGE });
  });

/**
 * A streamer's default address: their username, lowercased, with `_` and `.` read as hyphens. Null
 * when that is no valid address (too short, reserved): the creator then picks one.
 */
export function defaultSlugFor(username: string | null): string | null {
  if (!username) return null;
  const slug = username
    .toLowerCase()
    .replace(/[_.]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ROOM_SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
  return roomSlugSchema.safeParse(slug).success ? slug : null;
}

const title = safeText("Title", { error: "Title is required." })
  .trim()
  .min(1, "Title is required.")
  .max(ROOM_TITLE_MAX_LENGTH, `Title must be at most ${ROOM_TITLE_MAX_LENGTH} characters.`);
const description = safeText("Description")
  .max(ROOM_DESCRIPTION_MAX_LENGTH, `Description must be at most ${ROOM_DESCRIPTION_MAX_LENGTH} characters.`)
  .nullish()
  .transform((d) => d?.trim() || null);
const privacy = z.enum(ROOM_PRIVACY, { error: "Privacy must be public, unlisted or members." });

/** POST /rooms: `slug` may be left out by a user whose username makes a valid address (their default). */
export const roomCreateSchema = z.strictObject({
  slug: roomSlugSchema.optional(),
  title,
  description,
  privacy: privacy.default("public"),
});
export type RoomCreateValues = z.infer<typeof roomCreateSchema>;

/** PATCH /rooms/{slug}: any of the fields; a new slug moves the room (the old address redirects for a while). */
export const roomUpdateSchema = z
  .strictObject({ slug: roomSlugSchema, title, description, privacy })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one of slug, title, description, privacy.");
export type RoomUpdateValues = z.infer<typeof roomUpdateSchema>;

/** POST /rooms/{slug}/members: join the room (members-only rooms: with the invite link's code). */
export const roomJoinSchema = z.strictObject({ invite_code: pathId("Invite code").optional() });

/** PUT /rooms/{slug}/members/{userId}: the owner gives a member a role, or hands the room over ("owner"). */
export const roomRoleSchema = z.strictObject({ role: z.enum(ROOM_ROLES, { error: "Role must be owner, cohost, moderator or member." }) });

export const roomSlugParamSchema = z.object({ slug: pathId("Address", 100) });
export const roomMemberParamSchema = z.object({ slug: pathId("Address", 100), userId: pathId("User ID") });
export const inviteCodeQuerySchema = z.object({ code: pathId("Invite code").optional() });

const personSchema = z.object({ id: z.string(), username: z.string().nullable(), name: z.string() });

/** A room as answered to a viewer: the invite code only to its owner and co-hosts. */
export const roomSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  privacy: privacy,
  owner: personSchema,
  member_count: z.number().int(),
  /** The viewer's role here; null for someone who does not belong to the room. */
  your_role: z.enum(ROOM_ROLES).nullable(),
  invite_code: z.string().nullable(),
  created_at: z.string(),
  /** The party live in the room now (`join_id`: a private party's invite code, else its id). */
  live: z.object({ party_id: z.string(), join_id: z.string(), title: z.string(), url: z.string() }).nullable(),
  /** What the room's last party was playing when it ended. */
  last_played: z.object({ title: z.string(), url: z.string(), ended_at: z.string() }).nullable(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomMemberSchema = personSchema.extend({ role: z.enum(ROOM_ROLES), joined_at: z.string() });
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** What each role may do in a room (the server enforces it; the site shows only what the viewer may use). */
export const ROOM_PERMISSIONS = {
  /** Title, description, privacy, address, roles, the invite link, deleting the room. */
  manage: ["owner"],
  /** Play, pause, seek, the queue and polls; going live. */
  control: ["owner", "cohost"],
  /** Mute, kick, ban, slow mode, lock, deleting chat messages. */
  moderate: ["owner", "cohost", "moderator"],
} as const satisfies Record<string, readonly RoomRole[]>;

export function roomRoleMay(role: RoomRole | null, action: keyof typeof ROOM_PERMISSIONS): boolean {
  return role !== null && (ROOM_PERMISSIONS[action] as readonly RoomRole[]).includes(role);
}

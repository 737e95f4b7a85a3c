/**
 * Moderation of a live party: the host's commands and the event that removes a member.
 * Kept apart from protocol.ts so other additions to the protocol merge cleanly; the `member.removed`
 * event joins the server events there. Imports stay relative (the extension bundles lib/sync).
 */
import { z } from "zod";
import { safeText } from "./safe-text";
import { SLOW_MODE_MAX_SECONDS } from "./moderation-state";
import { PROTOCOL_VERSION } from "./protocol";

/** Looked up in the database: text it could not store (NUL, unpaired surrogates) is refused with a 422 first. */
const memberId = safeText("Member ID").min(1).max(64);
const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ v: z.literal(PROTOCOL_VERSION), type: z.literal(type), ...shape });

/** A kick refuses the member's return for this long; a ban for good. */
export const KICK_MINUTES = 10;
export const REMOVAL_REASONS = ["kick", "ban"] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** What a removed member is told (their room, their refused rejoin). */
export const REMOVED_MESSAGE = "The host removed you from the party.";
export const BANNED_MESSAGE = "The host banned you from this party.";
export function removalMessage(reason: RemovalReason): string {
  return reason === "ban" ? BANNED_MESSAGE : REMOVED_MESSAGE;
}

export const MUTED_MESSAGE = "The host muted you.";
export const LOCKED_MESSAGE = "This party is locked.";
export const memberKickCommandSchema = command("member.kick", { memberId });
export const memberBanCommandSchema = command("member.ban", { memberId });
export const memberMuteCommandSchema = command("member.mute", { memberId });
export const memberUnmuteCommandSchema = command("member.unmute", { memberId });
export const slowModeCommandSchema = command("room.slowmode", { seconds: z.number().int().min(0).max(SLOW_MODE_MAX_SECONDS) });
export const lockCommandSchema = command("room.lock", { locked: z.boolean() });
/** The host hands the host role to a member watching now: their player becomes the reference, the old host a guest. */
export const hostHandoverCommandSchema = command("host.handover", { memberId });
/** "!vote N" from the party's Twitch chat counts in its polls (on or off). */
export const twitchVotesCommandSchema = command("room.twitchvotes", { enabled: z.boolean() });
/** The buffering policy: wait for everyone (on) or keep going (off, the default). */
export const waitForEveryoneCommandSchema = command("room.waitforall", { enabled: z.boolean() });
/** The ad policy: pause while someone watches an ad (on) or keep going (off, the default). */
export const pauseForAdsCommandSchema = command("room.pauseforads", { enabled: z.boolean() });
export const NOT_TWITCH_CHAT = "This party does not use Twitch chat.";
export const HOST_HANDOVER_ONLY = "Only the host can hand over the host role.";
export const moderationCommandSchema = z.discriminatedUnion("type", [
  memberKickCommandSchema,
  memberBanCommandSchema,
  memberMuteCommandSchema,
  memberUnmuteCommandSchema,
  slowModeCommandSchema,
  lockCommandSchema,
  hostHandoverCommandSchema,
  twitchVotesCommandSchema,
  waitForEveryoneCommandSchema,
  pauseForAdsCommandSchema,
]);
export type ModerationCommand = z.infer<typeof moderationCommandSchema>;
export const MODERATION_COMMAND_TYPES = ["member.kick", "member.ban", "member.mute", "member.unmute", "room.slowmode", "room.lock", "host.handover", "room.twitchvotes", "room.waitforall", "room.pauseforads"] as const;

/** Whether a posted command is one of these (then moderationCommandSchema parses it). */
export function isModerationCommandInput(input: unknown): boolean {
  return (
    typeof input === "object" &&
    input !== null &&
    "type" in input &&
    (MODERATION_COMMAND_TYPES as readonly unknown[]).includes((input as { type: unknown }).type)
  );
}

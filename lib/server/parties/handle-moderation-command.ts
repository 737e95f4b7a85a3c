import "server-only";
/**
 * The host's moderation commands, posted like every command to /parties/{id}/commands (handing over
 * the host role among them: see hand-over-host.ts). Kick and ban: the removal is stored (database:
 * every instance refuses the member's rejoin), the membership record turns false (every instance
 * refuses their commands at once), and a `member.removed` event closes their streams on every
 * instance and tells their room.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { livePartyMember } from "@/db/schema";
import { conflict, forbidden, notFound, unprocessable, partyEnded } from "@/lib/server/http/api-error";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { HOST_HANDOVER_ONLY, moderationCommandSchema, MUTED_MAX, NOT_TWITCH_CHAT, PROTOCOL_VERSION, type ModerationState } from "@/lib/sync";
import type { CommandCaller } from "./command-caller";
import { handOverHost } from "./hand-over-host";
import { recordMembership } from "./membership";
import { recordRemoval } from "./party-moderation";
import { afterRemovalFromVoice, inAnyVoiceList } from "./leave-voice";
import { log } from "@/lib/server/log";

export const HOST_ONLY_MODERATION = "Only the host can moderate the party.";

export async function handleModerationCommand(room: Room, caller: CommandCaller, input: unknown): Promise<{ id: string | null }> {
  const parsed = moderationCommandSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw unprocessable(first ? `${first.path.length > 0 ? `${first.path.join(".")}: ` : ""}${first.message}` : "Invalid command");
  }
  const command = parsed.data;
  if (room.meta.state === "ENDED") throw partyEnded();
  if (caller.id !== room.meta.hostUserId) throw forbidden(command.type === "host.handover" ? HOST_HANDOVER_ONLY : HOST_ONLY_MODERATION, "host_only");

  switch (command.type) {
    case "member.kick":
    case "member.ban": {
      if (command.memberId === caller.id) throw conflict("self_moderation", "You cannot remove yourself from your own party.");
      const db = await getDb();
      const [member] = await db
        .select({ leftAt: livePartyMember.leftAt })
        .from(livePartyMember)
        .where(and(eq(livePartyMember.partyId, room.id), eq(livePartyMember.memberId, command.memberId)))
        .limit(1);
      if (!member) throw notFound("That person has not joined this party.");
      const reason = command.type === "member.ban" ? "ban" : "kick";
      await recordRemoval(room.id, command.memberId, reason);
      await db
        .update(livePartyMember)
        .set({ leftAt: new Date() })
        .where(and(eq(livePartyMember.partyId, room.id), eq(livePartyMember.memberId, command.memberId), isNull(livePartyMember.leftAt)));
      await recordMembership(room.id, command.memberId, false);
      const wasInVoice = inAnyVoiceList(room.state.voice, command.memberId);
      const id = await publish(room, { v: PROTOCOL_VERSION, type: "member.removed", memberId: command.memberId, reason });
      // Their peers close the connections on `member.removed` already; the `voice` event that follows
      // gives their seat on. The removal stands even if that fails (the seat frees when they are gone).
      if (wasInVoice) await afterRemovalFromVoice(room, command.memberId, id).catch((error: unknown) => log.warn({ err: error }, "[voice] after removal"));
      return { id };
    }
    case "member.mute": {
      if (command.memberId === caller.id) throw conflict("self_moderation", "You cannot mute yourself.");
      if (room.moderation.muted.includes(command.memberId)) return { id: null };
      if (room.moderation.muted.length >= MUTED_MAX) throw conflict("mute_limit", `At most ${MUTED_MAX} members can be muted at once.`);
      const db = await getDb();
      const [member] = await db
        .select({ memberId: livePartyMember.memberId })
        .from(livePartyMember)
        .where(and(eq(livePartyMember.partyId, room.id), eq(livePartyMember.memberId, command.memberId)))
        .limit(1);
      if (!member) throw notFound("That person has not joined this party.");
      return publishModeration(room, { ...room.moderation, muted: [...room.moderation.muted, command.memberId] });
    }
    case "member.unmute":
      if (!room.moderation.muted.includes(command.memberId)) return { id: null };
      return publishModeration(room, { ...room.moderation, muted: room.moderation.muted.filter((id) => id !== command.memberId) });
    case "room.slowmode":
      if (room.moderation.slowModeSeconds === command.seconds) return { id: null };
      return publishModeration(room, { ...room.moderation, slowModeSeconds: command.seconds });
    case "room.lock":
      if (room.moderation.locked === command.locked) return { id: null };
      return publishModeration(room, { ...room.moderation, locked: command.locked });
    case "room.twitchvotes":
      if (room.meta.chatProvider !== "twitch" || !room.meta.chatChannel) throw conflict("not_twitch_chat", NOT_TWITCH_CHAT);
      if ((room.moderation.twitchVotes === true) === command.enabled) return { id: null };
      return publishModeration(room, { ...room.moderation, twitchVotes: command.enabled });
    case "room.waitforall":
      if ((room.moderation.waitForEveryone === true) === command.enabled) return { id: null };
      return publishModeration(room, { ...room.moderation, waitForEveryone: command.enabled });
    case "room.pauseforads":
      if ((room.moderation.pauseForAds === true) === command.enabled) return { id: null };
      return publishModeration(room, { ...room.moderation, pauseForAds: command.enabled });
    case "host.handover":
      return handOverHost(room, caller.id, command.memberId);
  }
}

async function publishModeration(room: Room, moderation: ModerationState): Promise<{ id: string }> {
  return { id: await publish(room, { v: PROTOCOL_VERSION, type: "moderation", moderation }) };
}

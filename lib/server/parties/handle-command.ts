import "server-only";
/**
 * A command posted to a live party: parsed with the protocol's schemas, authorized (playback,
 * drawing, the queue and answering track requests are the host's alone; chat, reporting a chat
 * message, requests, voice and saying one's player buffers or shows an ad are every member's; muting
 * or removing someone in voice is the host's), folded into the replica's state and appended to the party's log.
 * Pings are answered at once with the server's receive and send times (the clock exchange). Nothing
 * here waits on the database except a media change, which records the new video for the public list.
 */
import { randomUUID } from "node:crypto";
import { forbidden, unprocessable, partyEnded } from "@/lib/server/http/api-error";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import type { Room } from "@/lib/server/realtime/room";
import { publish, publishMeta } from "@/lib/server/realtime/publish";
import { applyHostCommand, isHostCommand, isPollCommand, isQueueCommand, isRequestCommand, isVoiceCommand, parseClientCommand, PROTOCOL_VERSION, type ClientCommand, type PongEvent } from "@/lib/sync";
import { parseHotCommand } from "@/lib/sync/hot-commands";
import { handlePollCommand } from "./handle-poll-command";
import { assertMayChat } from "./chat-moderation";
import { handleQueueCommand } from "./handle-queue-command";
import type { CommandCaller } from "./command-caller";
import { handleRequestCommand, REQUEST_HOST_ONLY } from "./handle-request-command";
import { assertVoiceSignalFits, handleVoiceCommand, VOICE_HOST_ONLY } from "./handle-voice-command";
import { recordMedia } from "./record-media";
import { reportChatMessage } from "./report-chat-message";

export const CHAT_RATE_LIMIT = { windowSeconds: 10, max: 10 } as const;
/** A player that keeps stalling reports each stall; clients report only stalls longer than a second. */
export const BUFFERING_RATE_LIMIT = { windowSeconds: 10, max: 6 } as const;
/**
 * An ad break is two reports (on, off); clients report a change only once it held for a moment, so a
 * break of several ads stays two. This leaves room for a few breaks a minute and stops a flood.
 */
export const AD_RATE_LIMIT = { windowSeconds: 60, max: 10 } as const;
const HOST_ONLY = "Only the host can control playback and drawing.";
const POLL_HOST_ONLY = "Only the host can open, close or cancel a poll and change the break.";


/**
 * Returns the pong for a ping, `{ delivered: true }` for a relayed voice signal (nothing is logged),
 * else `{ id }` of the logged event (or null when nothing changed).
 */
export async function handleCommand(
  room: Room,
  caller: CommandCaller,
  input: unknown,
  receivedAt: number,
): Promise<PongEvent | { id: string | null } | { delivered: true }> {
  // The host's playback reports and everyone's pings are checked by hand first (the hot path); the
  // schemas parse the rest and name what is wrong.
  let command: ClientCommand | undefined = parseHotCommand(input);
  if (command === undefined) {
    assertVoiceSignalFits(input); // an oversize offer is 413, not the schema's 422
    const parsed = parseClientCommand(input);
    if (!parsed.ok) throw unprocessable(parsed.message);
    command = parsed.value;
  }

  if (command.type === "ping") {
    return { v: PROTOCOL_VERSION, type: "pong", t0: command.t0, t1: receivedAt, t2: Date.now() };
  }
  if (room.meta.state === "ENDED") throw partyEnded();
  const isHost = caller.id === room.meta.hostUserId;
  if (isHostCommand(command) && !isHost) {
    throw forbidden(
      isQueueCommand(command)
        ? "Only the host can change the queue."
        : isRequestCommand(command)
          ? REQUEST_HOST_ONLY
          : isPollCommand(command)
            ? POLL_HOST_ONLY
            : isVoiceCommand(command)
              ? VOICE_HOST_ONLY
              : HOST_ONLY,
      "host_only",
    );
  }
  if (isQueueCommand(command)) return handleQueueCommand(room, command, receivedAt);
  if (isRequestCommand(command)) return handleRequestCommand(room, caller, command, receivedAt);
  if (isPollCommand(command)) return handlePollCommand(room, caller, command, receivedAt);
  if (isVoiceCommand(command)) return handleVoiceCommand(room, caller, command);

  switch (command.type) {
    case "chat": {
      assertMayChat(room, caller.id, Date.now());
      await enforceRateLimit(`chat:${room.id}:${caller.id}`, CHAT_RATE_LIMIT, "You're sending messages too fast. Please wait a moment.");
      const message = { id: randomUUID(), userId: caller.id, displayName: caller.displayName.slice(0, 100), text: command.text, at: Date.now() };
      return { id: await publish(room, { v: PROTOCOL_VERSION, type: "chat", message }) };
    }
    case "chat.report":
      return reportChatMessage(room, caller, command.messageId);
    case "buffering":
      await enforceRateLimit(`buffering:${room.id}:${caller.id}`, BUFFERING_RATE_LIMIT, "Too many buffering reports. Please wait a moment.");
      return {
        id: await publish(room, { v: PROTOCOL_VERSION, type: "member.buffering", memberId: caller.id, displayName: caller.displayName.slice(0, 100), on: command.on }),
      };
    case "ad":
      await enforceRateLimit(`ad:${room.id}:${caller.id}`, AD_RATE_LIMIT, "Too many ad reports. Please wait a moment.");
      return {
        id: await publish(room, { v: PROTOCOL_VERSION, type: "member.ad", memberId: caller.id, displayName: caller.displayName.slice(0, 100), on: command.on }),
      };
    case "draw.stroke":
      return { id: await publish(room, { v: PROTOCOL_VERSION, type: "draw.stroke", stroke: command.stroke }) };
    case "draw.clear":
      return { id: await publish(room, { v: PROTOCOL_VERSION, type: "draw.clear" }) };
    default: {
      const next = applyHostCommand({ playback: room.playback, media: room.media }, command, receivedAt);
      if (next.media !== room.media) {
        // Media first, so a client never sees a playback state for media it does not know.
        await publishMeta(room, { ...room.meta, title: next.media.title.slice(0, 200), media: next.media });
        void recordMedia(room, next.media.url, next.media.title);
      }
      const id = await publish(room, { v: PROTOCOL_VERSION, type: "playback", state: next.playback, cid: command.cid });
      return { id };
    }
  }
}

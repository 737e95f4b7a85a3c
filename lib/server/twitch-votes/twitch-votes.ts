import "server-only";
/**
 * Which parties this instance reads Twitch chat votes for. A party's votes are read while the host
 * allows them (the party's moderation state, folded by every instance) and the party uses its
 * streamer's Twitch chat. With several instances, one of them reads a channel's votes at a time: it
 * holds a Redis claim on the party (the chat bot's lock, renewed every VP_TWITCH_BOT_SWEEP_MS), so
 * a viewer's "!vote" is counted from one connection; if that instance dies its claim expires and the
 * next instance to check takes over.
 */
import { getEnv } from "@/lib/server/env";
import type { Room } from "@/lib/server/realtime/room";
import { createBotLock, type BotLock } from "@/lib/server/twitch-bot/bot-lock";
import { TwitchVoteListener } from "./twitch-vote-listener";
import { processState } from "@/lib/server/process-singleton";

interface Reader {
  timer: NodeJS.Timeout;
  listener: TwitchVoteListener | null;
  channel: string;
}

const state = processState("twitchVotes", () => ({ readers: new Map<string, Reader>(), lock: null as BotLock | null }));

function lock(): BotLock {
  return (state.lock ??= createBotLock());
}

const claimKey = (partyId: string) => `votes:${partyId}`;

function wanted(room: Room): string | null {
  const { meta, moderation } = room;
  return !room.ended && moderation.twitchVotes === true && meta.chatProvider === "twitch" && meta.chatChannel ? meta.chatChannel.toLowerCase() : null;
}

/** Starts or stops reading the party's Twitch votes to match its state; call after it changed. */
export function syncTwitchVotes(room: Room): void {
  const channel = wanted(room);
  const reader = state.readers.get(room.id);
  if (reader && reader.channel === channel) return;
  if (reader) stopTwitchVotes(room.id);
  if (!channel) return;
  const next: Reader = { channel, listener: null, timer: setInterval(() => void check(room, next), getEnv().VP_TWITCH_BOT_SWEEP_MS) };
  next.timer.unref?.();
  state.readers.set(room.id, next);
  void check(room, next);
}

/** Takes (or keeps) the claim: the holder reads, an instance that lost it stops. */
async function check(room: Room, reader: Reader): Promise<void> {
  const mine = await lock().claim(claimKey(room.id));
  if (state.readers.get(room.id) !== reader) return; // stopped meanwhile
  if (mine && !reader.listener) {
    reader.listener = new TwitchVoteListener(room, reader.channel);
    reader.listener.start();
  } else if (!mine && reader.listener) {
    reader.listener.stop();
    reader.listener = null;
  }
}

export function stopTwitchVotes(partyId: string): void {
  const reader = state.readers.get(partyId);
  if (!reader) return;
  state.readers.delete(partyId);
  clearInterval(reader.timer);
  reader.listener?.stop();
  if (reader.listener) void lock().release(claimKey(partyId));
}

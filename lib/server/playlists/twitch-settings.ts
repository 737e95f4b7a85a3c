import "server-only";
/**
 * A playlist's Twitch chat settings (channel, bot account, OAuth token, command prefix, replies,
 * cooldown) and its chat bot's switch. Owner only. The token goes in, never out: answers say only
 * whether one is stored, and nothing here logs it. Every change is followed by a bot sweep, so the
 * bot on this instance starts, restarts with the new settings or stops before the answer leaves.
 */
import { eq } from "drizzle-orm";
import { playlistTwitch } from "@/db/schema";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { twitchSettingsSchema, type TwitchSettings } from "@/lib/schemas/playlist";
import { getDb } from "@/lib/server/db";
import { unprocessable } from "@/lib/server/http/api-error";
import { twitchBots } from "@/lib/server/twitch-bot/bot-manager";
import { inTransaction, lockPlaylistFor } from "./playlist-access";
import { sealSecret } from "./secret-box";

type Row = typeof playlistTwitch.$inferSelect;

/** A viewer whose link was accepted waits this long before adding another, unless the owner changes it. */
export const DEFAULT_TWITCH_COOLDOWN_SECONDS = 30;

function toSettings(row: Row | undefined): TwitchSettings {
  return twitchSettingsSchema.parse({
    channel: row?.channel ?? null,
    bot_username: row?.botUsername ?? null,
    command_prefix: row?.commandPrefix ?? DEFAULT_TWITCH_COMMAND_PREFIX,
    has_oauth_token: Boolean(row?.oauthTokenEncrypted),
    replies_enabled: row?.repliesEnabled ?? false,
    cooldown_seconds: row?.cooldownSeconds ?? DEFAULT_TWITCH_COOLDOWN_SECONDS,
    enabled: row?.botEnabled ?? false,
    status: row?.botStatus ?? "disconnected",
    status_detail: row?.botError ?? null,
  });
}

async function readSettings(playlistId: string): Promise<TwitchSettings> {
  const db = await getDb();
  const [row] = await db.select().from(playlistTwitch).where(eq(playlistTwitch.playlistId, playlistId)).limit(1);
  return toSettings(row);
}

export async function getTwitchSettings(playlistId: string, userId: string): Promise<TwitchSettings> {
  return inTransaction(async (tx) => {
    await lockPlaylistFor(tx, playlistId, userId, "canManageTwitch");
    const [row] = await tx.select().from(playlistTwitch).where(eq(playlistTwitch.playlistId, playlistId)).limit(1);
    return toSettings(row);
  });
}

export async function saveTwitchSettings(
  playlistId: string,
  userId: string,
  input: {
    channel: string | null;
    bot_username: string | null;
    command_prefix: string;
    oauth_token?: string | null;
    replies_enabled?: boolean;
    cooldown_seconds?: number;
  },
): Promise<TwitchSettings> {
  await inTransaction(async (tx) => {
    await lockPlaylistFor(tx, playlistId, userId, "canManageTwitch");
    const values = {
      channel: input.channel,
      botUsername: input.bot_username,
      commandPrefix: input.command_prefix,
      updatedAt: new Date(),
      // undefined keeps the stored token, null or "" removes it, a value replaces it.
      ...(input.oauth_token !== undefined && { oauthTokenEncrypted: input.oauth_token ? sealSecret(input.oauth_token) : null }),
      ...(input.replies_enabled !== undefined && { repliesEnabled: input.replies_enabled }),
      ...(input.cooldown_seconds !== undefined && { cooldownSeconds: input.cooldown_seconds }),
    };
    await tx
      .insert(playlistTwitch)
      .values({ playlistId, ...values })
      .onConflictDoUpdate({ target: playlistTwitch.playlistId, set: values });
  });
  await twitchBots().sweep();
  return readSettings(playlistId);
}

/**
 * POST /playlists/{id}/twitch/connection: the owner turns the bot on (or restarts it after an
 * error). It stays on, across restarts of the app, until the owner disconnects it.
 */
export async function connectTwitchBot(playlistId: string, userId: string): Promise<TwitchSettings> {
  await inTransaction(async (tx) => {
    await lockPlaylistFor(tx, playlistId, userId, "canManageTwitch");
    const [row] = await tx.select().from(playlistTwitch).where(eq(playlistTwitch.playlistId, playlistId)).limit(1);
    if (!row?.channel || !row.botUsername || !row.oauthTokenEncrypted) {
      throw unprocessable("Save the channel, the bot username and the OAuth token before connecting the bot.");
    }
    // A new updated_at makes a bot already running restart (a "Reconnect" after an error).
    await tx
      .update(playlistTwitch)
      .set({ botEnabled: true, botStatus: "connecting", botError: null, updatedAt: new Date() })
      .where(eq(playlistTwitch.playlistId, playlistId));
  });
  await twitchBots().sweep();
  return readSettings(playlistId);
}

/** DELETE /playlists/{id}/twitch/connection: the owner turns the bot off. */
export async function disconnectTwitchBot(playlistId: string, userId: string): Promise<TwitchSettings> {
  await inTransaction(async (tx) => {
    await lockPlaylistFor(tx, playlistId, userId, "canManageTwitch");
    await tx
      .update(playlistTwitch)
      .set({ botEnabled: false, botStatus: "disconnected", botError: null })
      .where(eq(playlistTwitch.playlistId, playlistId));
  });
  await twitchBots().sweep();
  return readSettings(playlistId);
}

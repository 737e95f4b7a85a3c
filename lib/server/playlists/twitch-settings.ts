import "server-only";
/**
 * A playlist's Twitch chat settings (channel, bot account, OAuth token, command prefix), kept for the
 * chat bot that will read "!add <link>" commands. Owner only. The token goes in, never out: answers
 * say only whether one is stored, and nothing here logs it.
 */
import { eq } from "drizzle-orm";
import { playlistTwitch } from "@/db/schema";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { twitchSettingsSchema, type TwitchSettings } from "@/lib/schemas/playlist";
import { getDb } from "@/db/client";
import { inTransaction, lockPlaylistFor } from "./playlist-access";
import { sealSecret } from "./secret-box";

type Row = typeof playlistTwitch.$inferSelect;

function toSettings(row: Row | undefined): TwitchSettings {
  return twitchSettingsSchema.parse({
    channel: row?.channel ?? null,
    bot_username: row?.botUsername ?? null,
    command_prefix: row?.commandPrefix ?? DEFAULT_TWITCH_COMMAND_PREFIX,
    has_oauth_token: Boolean(row?.oauthTokenEncrypted),
    status: "disconnected",
  });
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
  input: { channel: string | null; bot_username: string | null; command_prefix: string; oauth_token?: string | null },
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
    };
    await tx
      .insert(playlistTwitch)
      .values({ playlistId, ...values })
      .onConflictDoUpdate({ target: playlistTwitch.playlistId, set: values });
  });
  const db = await getDb();
  const [row] = await db.select().from(playlistTwitch).where(eq(playlistTwitch.playlistId, playlistId)).limit(1);
  return toSettings(row);
}

import "server-only";
/**
 * Twitch info for a channel ("Twitch info": displayName, profileImageUrl, isLive, userId):
 * a Helix user lookup by login, then a stream lookup by user id. Answers (found or not found) are
 * cached per login for VP_TWITCH_CACHE_SECONDS so a busy profile page does not hammer Twitch;
 * failures are not cached.
 */
import { LRUCache } from "lru-cache";
import { getEnv } from "@/lib/server/env";
import { helixGet, helixStreamsSchema, helixUsersSchema, TwitchUnavailableError } from "./twitch-client";
import { processState } from "@/lib/server/process-singleton";
import { log } from "@/lib/server/log";

export interface TwitchChannel {
  login: string;
  displayName: string;
  profileImageUrl: string;
  isLive: boolean;
  userId: string;
}

export type TwitchInfoResult = { status: "found"; channel: TwitchChannel } | { status: "not_found" } | { status: "unavailable" };

const cache = processState("twitchInfo", () => new LRUCache<string, { expiresAt: number; result: TwitchInfoResult }>({ max: 2_000 }));

/** Twitch logins: 4–25 letters, digits or underscores (older accounts may be shorter). */
export const TWITCH_LOGIN_PATTERN = /^[a-z0-9_]{1,25}$/;

async function lookup(login: string): Promise<TwitchInfoResult> {
  const users = await helixGet("users", { login }, helixUsersSchema);
  const user = users.data[0];
  if (!user) return { status: "not_found" };
  const streams = await helixGet("streams", { user_id: user.id }, helixStreamsSchema);
  const isLive = streams.data.some((s) => s.user_id === user.id && (s.type ?? "live") === "live");
  return {
    status: "found",
    channel: { login: user.login, displayName: user.display_name, profileImageUrl: user.profile_image_url, isLive, userId: user.id },
  };
}

export async function getTwitchInfo(rawLogin: string, now = Date.now()): Promise<TwitchInfoResult> {
  const login = rawLogin.trim().toLowerCase();
  if (!TWITCH_LOGIN_PATTERN.test(login)) return { status: "not_found" };
  const hit = cache.get(login);
  if (hit && hit.expiresAt > now) return hit.result;
  let result: TwitchInfoResult;
  try {
    result = await lookup(login);
  } catch (error) {
    if (!(error instanceof TwitchUnavailableError)) throw error;
    log.warn(`[twitch] ${error.message}`);
    return { status: "unavailable" };
  }
  const ttlMs = getEnv().VP_TWITCH_CACHE_SECONDS * 1000;
  if (ttlMs > 0) {
    cache.delete(login);
    cache.set(login, { expiresAt: now + ttlMs, result });
  }
  return result;
}

/** Twitch's embedded player only plays on the hosts named as `parent`: this server's own host. */
export function twitchEmbedUrl(login: string, parentHost: string): string {
  const url = new URL("https://player.twitch.tv/");
  url.searchParams.set("channel", login);
  url.searchParams.set("parent", parentHost);
  url.searchParams.set("muted", "true");
  return url.toString();
}

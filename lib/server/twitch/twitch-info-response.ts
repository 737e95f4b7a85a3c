import "server-only";
/**
 * The answer of a Twitch info route for a channel: the info (player URL only while live, with this
 * server's host as Twitch's `parent`), 404 when there is no channel to show, 503 when Twitch is
 * down or not configured — so clients can tell "no channel" from "try later".
 */
import { TWITCH_INFO_TEXTS } from "@/lib/twitch-info-texts";
import { twitchInfoSchema, type TwitchInfo } from "@/lib/schemas/auth";
import { getEnv } from "@/lib/server/env";
import { notFound } from "@/lib/server/http/api-error";
import { errorJson } from "@/lib/server/http/error-response";
import { getTwitchInfo, twitchEmbedUrl } from "./get-twitch-info";

export async function twitchInfoResponse(twitchUsername: string | null | undefined): Promise<TwitchInfo | Response> {
  if (!twitchUsername) throw notFound(TWITCH_INFO_TEXTS.notFound);
  const result = await getTwitchInfo(twitchUsername);
  if (result.status === "not_found") throw notFound(TWITCH_INFO_TEXTS.notFound);
  if (result.status === "unavailable") return errorJson(503, TWITCH_INFO_TEXTS.unavailable, "service_unavailable");
  const { channel } = result;
  return twitchInfoSchema.parse({
    ...channel,
    embedUrl: channel.isLive ? twitchEmbedUrl(channel.login, new URL(getEnv().baseUrl).hostname) : null,
  });
}

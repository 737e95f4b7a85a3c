// GET /api/v1/users/[username]/twitch – Twitch info for a visible profile's public Twitch username
import { usernameParamSchema } from "@/lib/schemas/common";
import { twitchInfoSchema } from "@/lib/schemas/auth";
import { getEnv } from "@/lib/server/env";
import { errorJson } from "@/lib/server/http/error-response";
import { notFound } from "@/lib/server/http/api-error";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getTwitchInfo, twitchEmbedUrl } from "@/lib/server/twitch/get-twitch-info";
import { getVisibleProfileOrThrow } from "@/lib/server/users/get-public-profile-or-throw";

export const dynamic = "force-dynamic";

/** Profile texts, as the own profile's Twitch box answers them. */
const NOT_FOUND = "No Twitch info found.";
const UNAVAILABLE = "Twitch info unavailable";

export const GET = withApi(async ({ params, user }) => {
  const { username } = usernameParamSchema.parse(params);
  const row = await getVisibleProfileOrThrow(username, user?.id ?? null);
  // A private Twitch link is as absent as none at all.
  if (!row.twitchUsername || row.twitchPrivate) throw notFound(NOT_FOUND);
  const result = await getTwitchInfo(row.twitchUsername);
  if (result.status === "not_found") throw notFound(NOT_FOUND);
  if (result.status === "unavailable") return errorJson(503, UNAVAILABLE, "service_unavailable");
  const { channel } = result;
  return twitchInfoSchema.parse({
    ...channel,
    embedUrl: channel.isLive ? twitchEmbedUrl(channel.login, new URL(getEnv().baseUrl).hostname) : null,
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

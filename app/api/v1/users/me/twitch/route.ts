// GET /api/v1/users/me/twitch – Twitch info for the signed-in user's Twitch username
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { twitchInfoResponse } from "@/lib/server/twitch/twitch-info-response";
import { getUserOrThrow } from "@/lib/server/users/get-user-or-throw";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ user }) => twitchInfoResponse((await getUserOrThrow(user.id)).twitchUsername), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

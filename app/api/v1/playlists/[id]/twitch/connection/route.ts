// POST /api/v1/playlists/[id]/twitch/connection – connect the playlist's Twitch chat bot, or restart it (owner)
// DELETE /api/v1/playlists/[id]/twitch/connection – disconnect it (owner); both answer the Twitch settings
import { playlistIdParamSchema } from "@/lib/schemas/playlist";
import { connectTwitchBot, disconnectTwitchBot } from "@/lib/server/playlists/twitch-settings";
import { withApi } from "@/lib/server/http/with-api";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

export const POST = withApi(
  ({ params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    return connectTwitchBot(id, user.id);
  },
  { auth: "required" },
);

export const DELETE = withApi(
  ({ params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    return disconnectTwitchBot(id, user.id);
  },
  { auth: "required" },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH } = otherMethods("POST", "DELETE");

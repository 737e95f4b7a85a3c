// GET /api/v1/playlists/[id]/twitch – the owner's Twitch chat settings (the OAuth token only as set / not set)
// PUT /api/v1/playlists/[id]/twitch – save them (owner); the token is stored encrypted and never returned
import { playlistIdParamSchema, twitchSettingsInputSchema } from "@/lib/schemas/playlist";
import { getTwitchSettings, saveTwitchSettings } from "@/lib/server/playlists/twitch-settings";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = withApi(
  ({ params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    return getTwitchSettings(id, user.id);
  },
  { auth: "required" },
);

export const PUT = withApi(
  async ({ req, params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    return saveTwitchSettings(id, user.id, await parseBody(req, twitchSettingsInputSchema));
  },
  { auth: "required" },
);

export const { OPTIONS, POST, PATCH, DELETE } = otherMethods("GET", "PUT");

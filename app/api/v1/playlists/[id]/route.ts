// GET /api/v1/playlists/[id] – one playlist with its videos in play order and the caller's role
// PATCH /api/v1/playlists/[id] – rename or switch Accept YouTube / Accept TikTok (owner, editors); list publicly (owner)
// DELETE /api/v1/playlists/[id] – delete the playlist (owner; 204)
import { playlistIdParamSchema, updatePlaylistInputSchema } from "@/lib/schemas/playlist";
import { deletePlaylist } from "@/lib/server/playlists/delete-playlist";
import { getPlaylistDetail } from "@/lib/server/playlists/get-playlist-detail";
import { otherMethods } from "@/lib/server/http/other-methods";
import { updatePlaylist } from "@/lib/server/playlists/update-playlist";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ params, user }) => {
  const { id } = playlistIdParamSchema.parse(params);
  return getPlaylistDetail(id, user?.id ?? null);
});

export const PATCH = withApi(
  async ({ req, params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    return updatePlaylist(id, user.id, await parseBody(req, updatePlaylistInputSchema));
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    await deletePlaylist(id, user.id);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, POST, PUT } = otherMethods("GET", "PATCH", "DELETE");

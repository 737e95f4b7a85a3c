// GET /api/v1/playlists/[id] – one playlist with its videos (share code for its owner only)
import { playlistIdParamSchema } from "@/lib/schemas/playlist";
import { getPlaylistDetail } from "@/lib/server/playlists/get-playlist-detail";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ params, user }) => {
  const { id } = playlistIdParamSchema.parse(params);
  return getPlaylistDetail(id, user?.id ?? null);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

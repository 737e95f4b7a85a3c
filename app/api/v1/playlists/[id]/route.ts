// GET /api/v1/playlists/[id] – one playlist with its videos (share code for its owner only)
import { playlistIdParamSchema } from "@/lib/schemas/playlist";
import { getPlaylistDetail } from "@/lib/server/playlists/get-playlist-detail";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ params, user }) => {
  const { id } = playlistIdParamSchema.parse(params);
  return getPlaylistDetail(id, user?.id ?? null);
});

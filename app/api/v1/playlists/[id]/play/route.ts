// POST /api/v1/playlists/[id]/play – load the playlist into the live party you host ({ mode: "queue" }),
// or start a watch party from it ({ mode: "start" }: the first video plays, the rest are queued)
import { playlistIdParamSchema, playPlaylistInputSchema } from "@/lib/schemas/playlist";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { playPlaylist } from "@/lib/server/playlists/play-playlist";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    const { mode, visibility } = await parseBody(req, playPlaylistInputSchema);
    const result = await playPlaylist(id, partyCaller(user), mode, visibility);
    return Response.json(result, { status: mode === "start" ? 201 : 200, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", rateLimit: { windowSeconds: 60, max: 20 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

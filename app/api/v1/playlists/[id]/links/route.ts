// POST /api/v1/playlists/[id]/links – add a YouTube or TikTok video (owner, editors, collaborators)
import { addPlaylistLinkInputSchema, playlistIdParamSchema } from "@/lib/schemas/playlist";
import { addPlaylistLink } from "@/lib/server/playlists/add-playlist-link";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, params, user }) => {
    const { id } = playlistIdParamSchema.parse(params);
    const input = await parseBody(req, addPlaylistLinkInputSchema);
    const link = await addPlaylistLink(id, user.id, input);
    return Response.json(link, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required" },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

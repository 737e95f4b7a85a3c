// PATCH /api/v1/playlists/[id]/links/[linkId] – move a video to another position (owner, editors)
// DELETE /api/v1/playlists/[id]/links/[linkId] – remove a video (owner, editors; collaborators their own; 204)
import { moveLinkInputSchema, playlistLinkParamSchema } from "@/lib/schemas/playlist";
import { movePlaylistLink } from "@/lib/server/playlists/move-playlist-link";
import { removePlaylistLink } from "@/lib/server/playlists/remove-playlist-link";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

export const PATCH = withApi(
  async ({ req, params, user }) => {
    const { id, linkId } = playlistLinkParamSchema.parse(params);
    const { position } = await parseBody(req, moveLinkInputSchema);
    return movePlaylistLink(id, linkId, user.id, position);
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { id, linkId } = playlistLinkParamSchema.parse(params);
    await removePlaylistLink(id, linkId, user.id);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, GET, HEAD, POST, PUT } = otherMethods("PATCH", "DELETE");

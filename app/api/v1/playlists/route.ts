// GET /api/v1/playlists – the playlists their owners listed publicly, newest first (at most 100)
// POST /api/v1/playlists – create a playlist (title); the caller owns it
import { createPlaylistInputSchema } from "@/lib/schemas/playlist";
import { createPlaylist } from "@/lib/server/playlists/create-playlist";
import { listPlaylists } from "@/lib/server/playlists/list-playlists";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(() => listPlaylists());

export const POST = withApi(
  async ({ req, user }) => {
    const created = await createPlaylist(user.id, await parseBody(req, createPlaylistInputSchema));
    return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required" },
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");

// POST /api/v1/playlists/join – join a playlist with its share code (collaborator) or admin key (editor)
import { joinPlaylistInputSchema } from "@/lib/schemas/playlist";
import { joinPlaylist } from "@/lib/server/playlists/join-playlist";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

/** Codes are short: a tight limit per caller keeps guessing them impractical. */
const JOIN_LIMIT = { windowSeconds: 60, max: 20 };

export const POST = withApi(
  async ({ req, user }) => {
    const { code } = await parseBody(req, joinPlaylistInputSchema);
    return joinPlaylist(user.id, code);
  },
  { auth: "required", rateLimit: JOIN_LIMIT },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

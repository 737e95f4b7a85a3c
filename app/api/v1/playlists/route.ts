// GET /api/v1/playlists – the public playlists list, newest first (at most 100)
import { listPlaylists } from "@/lib/server/playlists/list-playlists";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(() => listPlaylists());

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

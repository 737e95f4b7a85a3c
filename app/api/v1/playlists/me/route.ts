// GET /api/v1/playlists/me – the playlists the caller owns or joined, with their role
import { listMyPlaylists } from "@/lib/server/playlists/list-my-playlists";
import { withApi } from "@/lib/server/http/with-api";
import { otherMethods } from "@/lib/server/http/other-methods";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listMyPlaylists(user.id), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// GET /api/v1/rooms/[slug]/members – the room's members and roles (its members only)
// POST /api/v1/rooms/[slug]/members – the caller joins the room (members-only: { invite_code })
import { roomJoinSchema, roomSlugParamSchema } from "@/lib/schemas/room";
import { joinRoom, listRoomMembers } from "@/lib/server/rooms/room-members";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    return listRoomMembers(slug, user.id);
  },
  { auth: "required" },
);

export const POST = withApi(
  async ({ req, params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    const { invite_code } = await parseBody(req, roomJoinSchema);
    return joinRoom(slug, user.id, invite_code);
  },
  { auth: "required" },
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");

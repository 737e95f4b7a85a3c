// PUT /api/v1/rooms/[slug]/members/[userId] – the owner gives a member a role ({ role }; "owner" hands the room over)
// DELETE /api/v1/rooms/[slug]/members/[userId] – a member leaves, or the owner removes them (204)
import { roomMemberParamSchema, roomRoleSchema } from "@/lib/schemas/room";
import { removeRoomMember, setRoomRole } from "@/lib/server/rooms/room-members";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const PUT = withApi(
  async ({ req, params, user }) => {
    const { slug, userId } = roomMemberParamSchema.parse(params);
    const { role } = await parseBody(req, roomRoleSchema);
    return setRoomRole(slug, user.id, userId, role);
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { slug, userId } = roomMemberParamSchema.parse(params);
    await removeRoomMember(slug, user.id, userId);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, GET, POST, PATCH } = otherMethods("PUT", "DELETE");

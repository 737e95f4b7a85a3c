// GET /api/v1/rooms/[slug] – one room (also at an address it gave up lately; members-only: its members, or ?code= holders)
// PATCH /api/v1/rooms/[slug] – the owner changes title, description, privacy or address
// DELETE /api/v1/rooms/[slug] – the owner deletes the room (204)
import { inviteCodeQuerySchema, roomSlugParamSchema, roomUpdateSchema } from "@/lib/schemas/room";
import { deleteRoom, updateRoom } from "@/lib/server/rooms/manage-room";
import { getVisibleRoomOrThrow, toRoom } from "@/lib/server/rooms/room-query";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ req, params, user }) => {
  const { slug } = roomSlugParamSchema.parse(params);
  const { code } = parseQuery(req, inviteCodeQuerySchema);
  const { record, role } = await getVisibleRoomOrThrow(slug, user?.id ?? null, code);
  return toRoom(record, role);
});

export const PATCH = withApi(
  async ({ req, params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    return updateRoom(slug, user.id, await parseBody(req, roomUpdateSchema));
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    await deleteRoom(slug, user.id);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, POST, PUT } = otherMethods("GET", "PATCH", "DELETE");

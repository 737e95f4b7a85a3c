// POST /api/v1/rooms – a signed-in user creates a room (201, the room; without a slug: at their username's address)
import { roomCreateSchema } from "@/lib/schemas/room";
import { createRoom } from "@/lib/server/rooms/manage-room";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, user }) => Response.json(await createRoom(user.id, await parseBody(req, roomCreateSchema)), { status: 201 }),
  { auth: "required" },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods("POST");

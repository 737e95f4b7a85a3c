// GET /api/v1/users/me/rooms – the rooms the signed-in user owns or belongs to, with their role in each
import { listMyRooms } from "@/lib/server/rooms/room-members";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listMyRooms(user.id), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// POST /api/v1/rooms/[slug]/invite – the owner replaces the room's invite code (the old links stop working)
import { roomSlugParamSchema } from "@/lib/schemas/room";
import { replaceRoomInvite } from "@/lib/server/rooms/manage-room";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    return replaceRoomInvite(slug, user.id);
  },
  { auth: "required" },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods("POST");

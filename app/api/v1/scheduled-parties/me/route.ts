// GET /api/v1/scheduled-parties/me – your own scheduled parties (public and private, with invite codes)
import { listHostScheduledParties } from "@/lib/server/scheduled-parties/list-scheduled-parties";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listHostScheduledParties(user.id, user.id), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

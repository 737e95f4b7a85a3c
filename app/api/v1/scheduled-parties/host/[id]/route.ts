// GET /api/v1/scheduled-parties/host/[id] – one user's scheduled parties that you may see (404 for a private profile)
import { hostIdParamSchema } from "@/lib/schemas/scheduled-party";
import { listHostScheduledParties } from "@/lib/server/scheduled-parties/list-scheduled-parties";
import { getVisibleHostOrThrow } from "@/lib/server/users/get-public-profile-or-throw";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ params, user }) => {
  const { id } = hostIdParamSchema.parse(params);
  const viewerId = user?.id ?? null;
  const host = await getVisibleHostOrThrow(id, viewerId);
  return listHostScheduledParties(host.id, viewerId);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

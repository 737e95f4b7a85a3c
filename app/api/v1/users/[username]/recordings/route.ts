// GET /api/v1/users/[username]/recordings – a host's public recordings (never unlisted or private ones; a private profile: owner only)
import { usernameParamSchema } from "@/lib/schemas/common";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { listPublicRecordings } from "@/lib/server/recordings/recording-row";
import { getVisibleProfileOrThrow } from "@/lib/server/users/get-public-profile-or-throw";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ params, user }) => {
  const { username } = usernameParamSchema.parse(params);
  const host = await getVisibleProfileOrThrow(username, user?.id ?? null);
  return listPublicRecordings(host.id, user?.id ?? null);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

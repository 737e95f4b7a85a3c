// GET /api/v1/users/[username] – a public profile (private profiles: owner only; no e-mail, no private links)
import { usernameParamSchema } from "@/lib/schemas/common";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getVisibleProfileOrThrow } from "@/lib/server/users/get-public-profile-or-throw";
import { toPublicUser } from "@/lib/server/users/to-public-user";

export const dynamic = "force-dynamic";


export const GET = withApi(async ({ params, user }) => {
  const { username } = usernameParamSchema.parse(params);
  return toPublicUser(await getVisibleProfileOrThrow(username, user?.id ?? null));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

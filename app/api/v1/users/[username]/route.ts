// GET /api/v1/users/[username] – a public profile (private profiles: owner only; no e-mail, no private links)
import { z } from "zod";
import { withApi } from "@/lib/server/http/with-api";
import { getVisibleProfileOrThrow } from "@/lib/server/users/get-public-profile-or-throw";
import { toPublicUser } from "@/lib/server/users/to-public-user";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ username: z.string().min(1).max(100) });

export const GET = withApi(async ({ params, user }) => {
  const { username } = paramsSchema.parse(params);
  return toPublicUser(await getVisibleProfileOrThrow(username, user?.id ?? null));
});

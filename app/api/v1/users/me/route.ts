// GET /api/v1/users/me – the signed-in user's own account and profile
import { getUserOrThrow } from "@/lib/server/users/get-user-or-throw";
import { toOwnUser } from "@/lib/server/users/to-own-user";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ user }) => toOwnUser(await getUserOrThrow(user.id)), { auth: "required" });

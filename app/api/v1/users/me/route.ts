// GET /api/v1/users/me – the signed-in user's own account and profile
// PATCH /api/v1/users/me – update own bio, colours, social links and their privacy, profile privacy
import { getUserOrThrow } from "@/lib/server/users/get-user-or-throw";
import { readProfileUpdate } from "@/lib/server/users/read-profile-update";
import { toOwnUser } from "@/lib/server/users/to-own-user";
import { updateProfile } from "@/lib/server/users/update-profile";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ user }) => toOwnUser(await getUserOrThrow(user.id)), { auth: "required" });

export const PATCH = withApi(async ({ req, user }) => toOwnUser(await updateProfile(user.id, await readProfileUpdate(req))), {
  auth: "required",
});

export const { OPTIONS, POST, PUT, DELETE } = otherMethods("GET", "PATCH");

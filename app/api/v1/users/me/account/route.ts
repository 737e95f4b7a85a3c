// PATCH /api/v1/users/me/account – Edit Info: change own username, display name and/or e-mail
import { accountInfoUpdateSchema } from "@/lib/schemas/auth";
import { updateAccountInfo } from "@/lib/server/accounts/update-account-info";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { toOwnUser } from "@/lib/server/users/to-own-user";

export const dynamic = "force-dynamic";

export const PATCH = withApi(
  async ({ req, user }) => toOwnUser(await updateAccountInfo(user.id, await parseBody(req, accountInfoUpdateSchema))),
  { auth: "required", rateLimit: { windowSeconds: 60, max: 30 } },
);

export const { OPTIONS, GET, HEAD, POST, PUT, DELETE } = otherMethods("PATCH");

// GET /api/v1/users/me/current-party – the live party you are in ({ current_party: null } when none)
import { getCurrentParty } from "@/lib/server/parties/current-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ user }) => getCurrentParty(user.id), { auth: "required", allowGuests: true });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// DELETE /api/v1/users/me/leave-party – leave your current live party (a host leaving ends it)
import { notFound } from "@/lib/server/http/api-error";
import { leaveCurrentParty } from "@/lib/server/parties/current-party";
import { endParty } from "@/lib/server/parties/end-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const DELETE = withApi(
  async ({ user }) => {
    if (!(await leaveCurrentParty(user.id, endParty))) throw notFound("You are not in a party.");
    return null;
  },
  { auth: "required", allowGuests: true },
);

export const { OPTIONS, GET, HEAD, POST, PUT, PATCH } = otherMethods("DELETE");

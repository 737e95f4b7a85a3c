// POST /api/v1/parties/{id}/join – join a live party by id or invite code; it becomes your current party
import { JOIN_PARTY_API, joinLiveParty } from "@/lib/server/parties/join-live-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

// The app's server answers this route on its hot path with the same function (lib/server/hot-path).
export const POST = withApi(async ({ params, user }) => joinLiveParty(params.id, user), JOIN_PARTY_API);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

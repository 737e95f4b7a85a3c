// GET /api/v1/scheduled-parties/me/joined – the parties you RSVP'd to (records with scheduled_party_id)
import { listJoinedScheduledParties } from "@/lib/server/scheduled-parties/list-joined-scheduled-parties";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listJoinedScheduledParties(user.id), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// GET /api/v1/scheduled-parties – public scheduled parties (signed in: plus the private ones you host or RSVP'd to)
// POST /api/v1/scheduled-parties – create a scheduled party (201, the created party; a past start time is 422)
import { scheduledPartyInputSchema } from "@/lib/schemas/scheduled-party";
import { createScheduledParty } from "@/lib/server/scheduled-parties/create-scheduled-party";
import { listScheduledParties } from "@/lib/server/scheduled-parties/list-scheduled-parties";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listScheduledParties(user?.id ?? null));

export const POST = withApi(
  async ({ req, user }) => Response.json(await createScheduledParty(user.id, await parseBody(req, scheduledPartyInputSchema)), { status: 201 }),
  { auth: "required" },
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");

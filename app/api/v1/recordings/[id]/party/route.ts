// POST /api/v1/recordings/[id]/party – watch a recording together: start a live party (the caller hosts) on its first video; the caller's replay then drives it
import { z } from "zod";
import { idParamSchema } from "@/lib/schemas/common";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { startRecordingParty } from "@/lib/server/recordings/start-recording-party";

export const dynamic = "force-dynamic";

const watchTogetherInputSchema = z
  .object({
    visibility: z.enum(["public", "private"], { error: "visibility must be public or private." }).default("private"),
  })
  .strict();

export const POST = withApi(
  async ({ req, params, user }) => {
    const { id } = idParamSchema.parse(params);
    const { visibility } = await parseBody(req, watchTogetherInputSchema);
    const row = await startRecordingParty(id, partyCaller(user), visibility);
    return Response.json(toPartyDetail(row, 0, "host", false), { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", rateLimit: { windowSeconds: 60, max: 10 } },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods("POST");

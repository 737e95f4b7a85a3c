// GET /api/v1/parties/{id}/queue – a live party's queue ("Up next") and marathon settings
// POST /api/v1/parties/{id}/queue – the host adds links ({ items: [{ url, title? }] }, all or nothing)
import { z } from "zod";
import { idParamSchema } from "@/lib/schemas/common";
import { addLinksToQueue } from "@/lib/server/parties/add-to-queue";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { getRoom } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { QUEUE_MAX_ITEMS, queueLinkSchema, queueStateSchema } from "@/lib/sync";

export const dynamic = "force-dynamic";
const addSchema = z.object({
  items: z
    .array(queueLinkSchema)
    .min(1, "Add at least one link.")
    .max(QUEUE_MAX_ITEMS, `At most ${QUEUE_MAX_ITEMS} links at a time.`),
});

export const GET = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user?.id ?? null);
    return queueStateSchema.parse((await getRoom(row.id, row)).queue);
  },
  { allowGuests: true },
);

export const POST = withApi(
  async ({ req, params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { items } = await parseBody(req, addSchema);
    const { row } = await findPartyOrThrow(id, user.id);
    const queue = await addLinksToQueue(row.id, user.id, items);
    return Response.json(queueStateSchema.parse(queue), { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 60 } },
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");

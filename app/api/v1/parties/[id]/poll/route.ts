// GET /api/v1/parties/{id}/poll – the party's latest poll, your vote, and (host of a public poll only) who voted for what
import { z } from "zod";
import { idParamSchema } from "@/lib/schemas/common";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { getRoom } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { pollSchema, votersByOption } from "@/lib/sync";

export const dynamic = "force-dynamic";

/**
 * The party stream fans the same `poll` event to everyone, so it carries tallies only. Names reach
 * the host alone through this read: `voters` (names per option, in option order) is set only for
 * the host of a poll opened as public; it is null for everyone else and for anonymous polls.
 */
const pollViewSchema = z.object({
  poll: pollSchema.nullable(),
  yourVote: z.number().int().nonnegative().nullable(),
  voters: z.array(z.array(z.string())).nullable(),
});

export const GET = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user?.id ?? null);
    const record = (await getRoom(row.id, row)).poll;
    const isHost = user?.id === row.hostId;
    const view = {
      poll: record?.poll ?? null,
      yourVote: (user && record?.ballots[user.id]?.option) ?? null,
      voters: record && isHost && record.poll.visibility === "public" ? votersByOption(record) : null,
    };
    return Response.json(pollViewSchema.parse(view), { headers: { "Cache-Control": "no-store" } });
  },
  { allowGuests: true },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

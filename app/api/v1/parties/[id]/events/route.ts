// GET /api/v1/parties/{id}/events – a member's SSE stream of the party: a snapshot (or the missed events after Last-Event-ID), then every event
import { lastEventIdOf, openPartyStream, PARTY_STREAM_API } from "@/lib/server/realtime/party-stream";
import { sseResponse } from "@/lib/server/realtime/sse";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

// The app's server answers this route on its hot path with the same function (lib/server/hot-path).
export const GET = withApi(
  async ({ req, params, user }) => sseResponse(req, await openPartyStream({ partyId: params.id, user, lastEventId: lastEventIdOf(req) })),
  PARTY_STREAM_API,
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

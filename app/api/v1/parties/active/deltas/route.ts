// GET /api/v1/parties/active/deltas – SSE of changes to the public list ({type, payload}: PARTY_CREATED, PARTY_UPDATED, PARTY_SIZE, PARTY_STATE, PARTY_ENDED)
import { getBus } from "@/lib/server/realtime/get-bus";
import { sharedSseFrame, sseResponse } from "@/lib/server/realtime/sse";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ req }) => {
  const bus = await getBus();
  return sseResponse(req, (sink) => bus.subscribeDirectory((message) => sink.write(sharedSseFrame(message))));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

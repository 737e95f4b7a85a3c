// GET /api/v1/parties/active/deltas – SSE of changes to the public list ({type, payload}: PARTY_CREATED, PARTY_UPDATED, PARTY_SIZE, PARTY_STATE, PARTY_ENDED)
import { DIRECTORY_STREAM_API, openDirectoryStream } from "@/lib/server/realtime/directory-stream";
import { sseResponse } from "@/lib/server/realtime/sse";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

// The app's server answers this route on its hot path with the same function (lib/server/hot-path).
export const GET = withApi(async ({ req }) => sseResponse(req, await openDirectoryStream()), DIRECTORY_STREAM_API);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

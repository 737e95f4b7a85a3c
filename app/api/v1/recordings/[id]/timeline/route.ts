// GET /api/v1/recordings/[id]/timeline – one page of what a replay folds: the start state (first page), the next entries in order, next_cursor
import { idParamSchema } from "@/lib/schemas/common";
import { recordingTimelineQuerySchema } from "@/lib/schemas/recording";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getRecordingTimelinePage } from "@/lib/server/recordings/get-recording-timeline";

export const dynamic = "force-dynamic";

export const GET = withApi(({ req, params, user }) => {
  const { id } = idParamSchema.parse(params);
  const { cursor } = recordingTimelineQuerySchema.parse({ cursor: new URL(req.url).searchParams.get("cursor") ?? undefined });
  return getRecordingTimelinePage(id, user?.id ?? null, cursor);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// GET /api/v1/recordings/[id]/timeline – what a replay folds: the start state and every entry in order
import { idParamSchema } from "@/lib/schemas/common";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getRecordingTimeline } from "@/lib/server/recordings/get-recording-timeline";

export const dynamic = "force-dynamic";

export const GET = withApi(({ params, user }) => {
  const { id } = idParamSchema.parse(params);
  return getRecordingTimeline(id, user?.id ?? null);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

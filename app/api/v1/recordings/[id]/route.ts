// GET /api/v1/recordings/[id] – one recording (private: its owner only; unlisted: whoever has the link)
// PATCH /api/v1/recordings/[id] – rename, change the privacy, include or drop the chat (owner)
// DELETE /api/v1/recordings/[id] – delete it (owner; 204)
import { idParamSchema } from "@/lib/schemas/common";
import { updateRecordingInputSchema } from "@/lib/schemas/recording";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { getVisibleRecordingOrThrow, toRecording } from "@/lib/server/recordings/recording-row";
import { deleteRecording, updateRecording } from "@/lib/server/recordings/update-recording";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ params, user }) => {
  const { id } = idParamSchema.parse(params);
  const viewer = user?.id ?? null;
  return toRecording(await getVisibleRecordingOrThrow(id, viewer), viewer);
});

export const PATCH = withApi(
  async ({ req, params, user }) => {
    const { id } = idParamSchema.parse(params);
    return updateRecording(id, user.id, await parseBody(req, updateRecordingInputSchema));
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { id } = idParamSchema.parse(params);
    await deleteRecording(id, user.id);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, POST, PUT } = otherMethods("GET", "PATCH", "DELETE");

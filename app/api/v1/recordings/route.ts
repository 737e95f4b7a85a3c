// GET /api/v1/recordings – the caller's own recordings, newest first, whatever their privacy
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { listMyRecordings } from "@/lib/server/recordings/recording-row";

export const dynamic = "force-dynamic";

export const GET = withApi(({ user }) => listMyRecordings(user.id), { auth: "required" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

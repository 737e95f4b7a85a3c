// GET /api/v1/auth/providers – which social sign-ins this server has credentials for
import { providersStatusSchema } from "@/lib/schemas/auth";
import { configuredSocialProviders } from "@/lib/server/auth";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async () => providersStatusSchema.parse(configuredSocialProviders()));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

// POST /api/v1/auth/kick/exchange-code – Kick's authorization code + PKCE verifier → { kickAccessToken }
import { kickExchangeCodeRequestSchema, kickExchangeCodeResponseSchema } from "@/lib/schemas/auth";
import { exchangeKickCode } from "@/lib/server/accounts/exchange-kick-code";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req }) => {
    const input = await parseBody(req, kickExchangeCodeRequestSchema);
    return kickExchangeCodeResponseSchema.parse({ kickAccessToken: await exchangeKickCode(input) });
  },
  { rateLimit: { windowSeconds: 60, max: 30 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

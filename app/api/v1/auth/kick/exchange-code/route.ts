// POST /api/v1/auth/kick/exchange-code – Kick's authorization code + PKCE verifier → { kickAccessToken }
import { kickExchangeCodeRequestSchema, kickExchangeCodeResponseSchema } from "@/lib/schemas/auth";
import { assertJsonRequest } from "@/lib/server/accounts/assert-json-request";
import { exchangeKickCode } from "@/lib/server/accounts/exchange-kick-code";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req }) => {
    assertJsonRequest(req);
    const input = await parseBody(req, kickExchangeCodeRequestSchema);
    return kickExchangeCodeResponseSchema.parse({ kickAccessToken: await exchangeKickCode(input) });
  },
  { rateLimit: { windowSeconds: 60, max: 30 } },
);

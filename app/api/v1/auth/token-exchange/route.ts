// POST /api/v1/auth/token-exchange – a session token or a Kick access token → { vp_access_token, user }
import { tokenExchangeRequestSchema, tokenExchangeResponseSchema } from "@/lib/schemas/auth";
import { exchangeToken } from "@/lib/server/accounts/exchange-token";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req }) => {
    const input = await parseBody(req, tokenExchangeRequestSchema);
    const { body, setCookies } = await exchangeToken(input, req.headers);
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    return Response.json(tokenExchangeResponseSchema.parse(body), { headers });
  },
  // Failed guesses cost the guesser: 30 exchanges a minute per client.
  { rateLimit: { windowSeconds: 60, max: 30 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

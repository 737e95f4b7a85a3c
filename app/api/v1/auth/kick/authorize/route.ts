// GET /api/v1/auth/kick/authorize – the Kick popup's first stop: redirects to Kick's consent page
import { kickAuthorizeQuerySchema } from "@/lib/schemas/auth";
import { kickAuthorizationUrl } from "@/lib/server/accounts/kick-authorization-url";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ req }) => {
    const query = parseQuery(req, kickAuthorizeQuerySchema);
    const location = await kickAuthorizationUrl({ state: query.state, codeChallenge: query.code_challenge, callback: query.callback });
    return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
  },
  { rateLimit: { windowSeconds: 60, max: 30 } },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

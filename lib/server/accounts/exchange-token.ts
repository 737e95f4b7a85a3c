import "server-only";
/**
 * POST /api/v1/auth/token-exchange: trade proof of a sign-in for a bearer token of this
 * server (`vp_access_token`) that works on /api/v1 and dies with the session at logout.
 */
import type { TokenExchangeRequest, TokenExchangeResponse } from "@/lib/schemas/auth";
import { getAuth } from "@/lib/server/auth";
import { unauthorized } from "@/lib/server/http/api-error";
import { getUserOrThrow } from "@/lib/server/users/get-user-or-throw";
import { consumeKickToken } from "./kick-token-binding";
import { toTokenUser } from "./to-token-user";

/** The fixed text of a failed exchange. */
export const TOKEN_EXCHANGE_FAILED = "Token exchange failed";

export interface ExchangeResult {
  body: TokenExchangeResponse;
  /** Session cookies to hand to a browser caller (Kick sign-in starts a session). */
  setCookies: string[];
}

async function fromSessionToken(token: string): Promise<ExchangeResult> {
  const auth = await getAuth();
  const result = await auth.api
    .getSession({ headers: new Headers({ authorization: `Bearer ${token}` }), query: { disableCookieCache: true } })
    .catch(() => null);
  if (!result) throw unauthorized(TOKEN_EXCHANGE_FAILED);
  const user = await getUserOrThrow(result.user.id);
  return { body: { vp_access_token: result.session.token, user: toTokenUser(user) }, setCookies: [] };
}

async function fromKickToken(token: string, headers: Headers): Promise<ExchangeResult> {
  if (!(await consumeKickToken(token))) throw unauthorized(TOKEN_EXCHANGE_FAILED);
  const auth = await getAuth();
  let signedIn: { headers: Headers; response: { token: string; userId: string } };
  try {
    signedIn = await auth.api.kickSignIn({ body: { accessToken: token }, headers, returnHeaders: true });
  } catch (error) {
    const message = (error as { body?: { message?: unknown } }).body?.message;
    throw unauthorized(typeof message === "string" && message ? `${TOKEN_EXCHANGE_FAILED}: ${message}` : TOKEN_EXCHANGE_FAILED);
  }
  const user = await getUserOrThrow(signedIn.response.userId);
  return {
    body: { vp_access_token: signedIn.response.token, user: toTokenUser(user) },
    setCookies: signedIn.headers.getSetCookie(),
  };
}

export function exchangeToken(input: TokenExchangeRequest, headers: Headers): Promise<ExchangeResult> {
  return input.platform === "kick" ? fromKickToken(input.token, headers) : fromSessionToken(input.token);
}

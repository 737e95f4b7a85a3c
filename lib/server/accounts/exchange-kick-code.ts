import "server-only";
/**
 * Kick's authorization code → Kick access token, on the server (the client secret never leaves it).
 * The code was issued for our client with the browser's PKCE challenge; Kick checks the verifier
 * and that the redirect URI equals the one used at authorization.
 */
import { validateAuthorizationCode } from "better-auth/oauth2";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/api-error";
import type { KickCallbackPath } from "@/lib/schemas/auth";
import { resolveKickEndpoints } from "./kick-endpoints";
import { rememberKickToken } from "./kick-token-binding";

export const KICK_NOT_CONFIGURED = "Kick sign-in is not configured on this server.";
const CODE_REFUSED = "Kick did not accept the sign-in code. Please try logging in again.";

export function kickRedirectUri(path: KickCallbackPath): string {
  return `${getEnv().baseUrl}${path}`;
}

export async function exchangeKickCode(input: { code: string; codeVerifier: string; redirectPath: KickCallbackPath }): Promise<string> {
  const env = getEnv();
  if (!env.KICK_CLIENT_ID || !env.KICK_CLIENT_SECRET) throw new ApiError("bad_request", KICK_NOT_CONFIGURED);
  const { tokenUrl } = await resolveKickEndpoints().catch(() => {
    throw new ApiError("internal_error", "Kick sign-in is unavailable right now. Please try again later.");
  });
  let accessToken: string | undefined;
  try {
    const tokens = await validateAuthorizationCode({
      code: input.code,
      codeVerifier: input.codeVerifier,
      redirectURI: kickRedirectUri(input.redirectPath),
      options: { clientId: env.KICK_CLIENT_ID, clientSecret: env.KICK_CLIENT_SECRET },
      tokenEndpoint: tokenUrl,
    });
    accessToken = tokens.accessToken;
  } catch {
    throw new ApiError("bad_request", CODE_REFUSED);
  }
  if (!accessToken) throw new ApiError("bad_request", CODE_REFUSED);
  await rememberKickToken(accessToken);
  return accessToken;
}

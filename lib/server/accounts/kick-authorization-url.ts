import "server-only";
/**
 * Where the Kick popup starts: Kick's authorize URL for our client, with the state and PKCE
 * challenge the opener generated (it keeps the state and verifier in sessionStorage, which the
 * popup inherits). When Kick is not set up the popup goes straight to the callback with an error,
 * so the opener hears about it through the usual window message.
 */
import { createAuthorizationURL } from "better-auth/oauth2";
import { getEnv } from "@/lib/server/env";
import type { KickCallbackPath } from "@/lib/schemas/auth";
import { KICK_NOT_CONFIGURED, kickRedirectUri } from "./exchange-kick-code";
import { KICK_SCOPES, resolveKickEndpoints } from "./kick-endpoints";

export async function kickAuthorizationUrl(input: { state: string; codeChallenge: string; callback: KickCallbackPath }): Promise<string> {
  const env = getEnv();
  const redirectURI = kickRedirectUri(input.callback);
  const fail = (description: string) => {
    const url = new URL(redirectURI);
    url.search = new URLSearchParams({ error: "server_error", error_description: description, state: input.state }).toString();
    return url.toString();
  };
  if (!env.KICK_CLIENT_ID || !env.KICK_CLIENT_SECRET) return fail(KICK_NOT_CONFIGURED);
  const endpoints = await resolveKickEndpoints().catch(() => null);
  if (!endpoints) return fail("Kick sign-in is unavailable right now. Please try again later.");
  const url = await createAuthorizationURL({
    id: "kick",
    options: { clientId: env.KICK_CLIENT_ID, clientSecret: env.KICK_CLIENT_SECRET },
    authorizationEndpoint: endpoints.authorizationUrl,
    redirectURI,
    state: input.state,
    scopes: KICK_SCOPES,
    // createAuthorizationURL derives the challenge from a verifier; the verifier stays in the
    // browser here, so the challenge the browser computed is set directly below.
    codeVerifier: undefined,
  });
  url.searchParams.set("code_challenge", input.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

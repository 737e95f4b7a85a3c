import "server-only";
/**
 * Where Kick's OAuth lives. Kick has no discovery document, so the defaults are its documented
 * endpoints; KICK_AUTHORIZATION_URL / KICK_TOKEN_URL / KICK_USERINFO_URL replace them one by one,
 * and KICK_ISSUER (an OpenID issuer) fills whatever is not set explicitly.
 */
import { z } from "zod";
import { getEnv } from "@/lib/server/env";

export const KICK_DEFAULT_ENDPOINTS = {
  authorizationUrl: "https://id.kick.com/oauth/authorize",
  tokenUrl: "https://id.kick.com/oauth/token",
  userInfoUrl: "https://api.kick.com/public/v1/users",
} as const;
/** Kick's scope for reading the user's id, name and e-mail. */
export const KICK_SCOPES = ["user:read"];

export type KickEndpoints = { authorizationUrl: string; tokenUrl: string; userInfoUrl: string };

const discoverySchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
});

let discovered: { issuer: string; value: Promise<z.infer<typeof discoverySchema>> } | undefined;

async function discover(issuer: string): Promise<z.infer<typeof discoverySchema>> {
  if (discovered?.issuer !== issuer) {
    const value = fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Kick discovery answered ${res.status}`);
        return discoverySchema.parse(await res.json());
      });
    discovered = { issuer, value };
    // A failed discovery is retried on the next sign-in rather than cached.
    value.catch(() => {
      if (discovered?.value === value) discovered = undefined;
    });
  }
  return discovered.value;
}

export async function resolveKickEndpoints(): Promise<KickEndpoints> {
  const env = getEnv();
  const fromIssuer =
    env.KICK_ISSUER && !(env.KICK_AUTHORIZATION_URL && env.KICK_TOKEN_URL && env.KICK_USERINFO_URL)
      ? await discover(env.KICK_ISSUER)
      : undefined;
  return {
    authorizationUrl: env.KICK_AUTHORIZATION_URL ?? fromIssuer?.authorization_endpoint ?? KICK_DEFAULT_ENDPOINTS.authorizationUrl,
    tokenUrl: env.KICK_TOKEN_URL ?? fromIssuer?.token_endpoint ?? KICK_DEFAULT_ENDPOINTS.tokenUrl,
    userInfoUrl: env.KICK_USERINFO_URL ?? fromIssuer?.userinfo_endpoint ?? KICK_DEFAULT_ENDPOINTS.userInfoUrl,
  };
}

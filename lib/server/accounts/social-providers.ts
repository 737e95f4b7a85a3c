import "server-only";
/**
 * Google, Twitch and Kick sign-in for Better Auth. With only a client id and secret a provider uses
 * Better Auth's built-in implementation (the real endpoints). When any endpoint override is set
 * ({P}_ISSUER, {P}_AUTHORIZATION_URL, {P}_TOKEN_URL, {P}_USERINFO_URL) the provider is registered
 * through the generic OAuth plugin instead, pointed at those endpoints — a local OpenID Connect
 * server in tests. Both ways the provider id is `google`, `twitch` or `kick`, and the account id is
 * the provider's user id, so buttons, `lastLoginMethod` and linked accounts look the same.
 */
import type { BetterAuthOptions } from "better-auth";
import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import type { ServerEnv } from "@/lib/server/env";
import { fetchKickProfile } from "./fetch-kick-profile";
import { KICK_DEFAULT_ENDPOINTS, KICK_SCOPES } from "./kick-endpoints";
import { placeholderEmail } from "./kick-profile";

export type SocialProviderId = "google" | "twitch" | "kick";
export const SOCIAL_PROVIDER_IDS: readonly SocialProviderId[] = ["google", "twitch", "kick"];

type SocialProviders = NonNullable<BetterAuthOptions["socialProviders"]>;

interface ProviderEnv {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  issuer?: string | undefined;
  authorizationUrl?: string | undefined;
  tokenUrl?: string | undefined;
  userInfoUrl?: string | undefined;
}

function providerEnv(env: ServerEnv, id: SocialProviderId): ProviderEnv {
  const p = id.toUpperCase() as "GOOGLE" | "TWITCH" | "KICK";
  return {
    clientId: env[`${p}_CLIENT_ID`],
    clientSecret: env[`${p}_CLIENT_SECRET`],
    issuer: env[`${p}_ISSUER`],
    authorizationUrl: env[`${p}_AUTHORIZATION_URL`],
    tokenUrl: env[`${p}_TOKEN_URL`],
    userInfoUrl: env[`${p}_USERINFO_URL`],
  };
}

export function isProviderConfigured(env: ServerEnv, id: SocialProviderId): boolean {
  const p = providerEnv(env, id);
  return Boolean(p.clientId && p.clientSecret);
}

function isOverridden(p: ProviderEnv): boolean {
  return Boolean(p.issuer || p.authorizationUrl || p.tokenUrl || p.userInfoUrl);
}

const discoveryUrl = (issuer: string | undefined) =>
  issuer ? `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration` : undefined;

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const subjectOf = (profile: Record<string, unknown>) => String(profile.sub ?? profile.id ?? "");

/** Twitch returns e-mail, its verification and the login only when asked through `claims`. */
const TWITCH_CLAIMS = JSON.stringify({
  id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
  userinfo: { email: null, email_verified: null, preferred_username: null, picture: null },
});

function genericConfig(id: SocialProviderId, p: ProviderEnv): GenericOAuthConfig {
  const base = {
    providerId: id,
    clientId: p.clientId!,
    clientSecret: p.clientSecret!,
    discoveryUrl: discoveryUrl(p.issuer),
    authorizationUrl: p.authorizationUrl,
    tokenUrl: p.tokenUrl,
    userInfoUrl: p.userInfoUrl,
    pkce: true,
    // Logout ends the session here only, as with the built-in providers: no trip to the
    // provider's end-session page, which would take the visitor off the site.
    disableProviderLogout: true,
  };
  switch (id) {
    case "google":
      return {
        ...base,
        name: "Google",
        scopes: ["openid", "email", "profile"],
        accountSubject: ({ profile }) => subjectOf(profile),
        mapProfileToUser: (profile) => ({ name: str(profile.name) ?? str(profile.email) ?? "", image: str(profile.picture) }),
      };
    case "twitch":
      return {
        ...base,
        name: "Twitch",
        scopes: ["openid", "user:read:email"],
        authorizationUrlParams: { claims: TWITCH_CLAIMS },
        accountSubject: ({ profile }) => subjectOf(profile),
        mapProfileToUser: (profile) => ({
          name: str(profile.preferred_username) ?? str(profile.name) ?? "",
          email: str(profile.email) ?? placeholderEmail("twitch", subjectOf(profile)),
          image: str(profile.picture),
        }),
      };
    case "kick":
      return {
        ...base,
        name: "Kick",
        // Kick is plain OAuth 2.0: no ID token; the profile comes from its users endpoint.
        authorizationUrl: p.authorizationUrl ?? (p.issuer ? undefined : KICK_DEFAULT_ENDPOINTS.authorizationUrl),
        tokenUrl: p.tokenUrl ?? (p.issuer ? undefined : KICK_DEFAULT_ENDPOINTS.tokenUrl),
        scopes: KICK_SCOPES,
        accountSubject: ({ profile }) => String(profile.id ?? ""),
        async getUserInfo(tokens) {
          const profile = tokens.accessToken ? await fetchKickProfile(tokens.accessToken) : null;
          return profile ? { id: profile.id, name: profile.name, email: profile.email, image: profile.image, emailVerified: false } : null;
        },
      };
  }
}

/** Built-in providers for the real endpoints; generic configs for overridden ones. */
export function socialSignInConfig(env: ServerEnv): { socialProviders: SocialProviders; generic: GenericOAuthConfig[] } {
  const socialProviders: SocialProviders = {};
  const generic: GenericOAuthConfig[] = [];
  for (const id of SOCIAL_PROVIDER_IDS) {
    const p = providerEnv(env, id);
    if (!p.clientId || !p.clientSecret) continue;
    if (isOverridden(p)) {
      generic.push(genericConfig(id, p));
      continue;
    }
    const credentials = { clientId: p.clientId, clientSecret: p.clientSecret };
    if (id === "google") socialProviders.google = credentials;
    if (id === "twitch") {
      socialProviders.twitch = {
        ...credentials,
        mapProfileToUser: (profile) => ({ email: profile.email || placeholderEmail("twitch", profile.sub) }),
      };
    }
    if (id === "kick") {
      socialProviders.kick = {
        ...credentials,
        mapProfileToUser: (profile) => ({ email: profile.email || placeholderEmail("kick", String(profile.user_id)) }),
      };
    }
  }
  return { socialProviders, generic };
}

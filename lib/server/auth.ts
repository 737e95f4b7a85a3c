import "server-only";
/**
 * The one Better Auth instance: e-mail + password with usernames, bearer tokens for the extension and
 * the API client, social providers when configured. Created lazily (the database opens on first use).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer, genericOAuth, lastLoginMethod, oauthPopup, username } from "better-auth/plugins";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema";
import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";
import { assignProviderUsername } from "./accounts/assign-provider-username";
import { kickSignInPlugin } from "./accounts/kick-sign-in-plugin";
import { isProviderConfigured, SOCIAL_PROVIDER_IDS, socialSignInConfig } from "./accounts/social-providers";
import { syncTwitchUsername } from "./accounts/sync-twitch-username";
import { getEnv } from "./env";
import { siteOrigins } from "./http/site-origins";

/** Sign-up and profile edits refuse usernames that would shadow a route (`/{username}`). */
async function rejectReservedUsername<T extends Record<string, unknown>>(user: T) {
  const name = typeof user.username === "string" ? user.username : undefined;
  if (name && isReservedUsername(name)) {
    throw new APIError("BAD_REQUEST", { message: "That username is reserved. Please choose another." });
  }
  return { data: user };
}

async function createAuth() {
  const env = getEnv();
  const db = await getDb();
  // The same origins the API's cross-site write check accepts (lib/server/http/site-origins.ts).
  const trustedOrigins = siteOrigins(env);
  // Google, Twitch, Kick: built-in providers, or generic OAuth ones when endpoints are overridden.
  const { socialProviders, generic } = socialSignInConfig(env);

  return betterAuth({
    appName: "ViewParty",
    baseURL: env.baseUrl,
    secret: env.authSecret,
    trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders,
    account: {
      // Provider tokens are stored encrypted (the site never calls the providers for the user).
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        // A provider sign-in never attaches itself to an existing account because the e-mail
        // matches; the owner links providers from their profile while signed in (explicit linking).
        disableImplicitLinking: true,
        // Explicit links may use another e-mail (a Twitch account rarely shares the site's) and
        // are accepted from all three providers, whatever they say about e-mail verification.
        allowDifferentEmails: true,
        trustedProviders: [...SOCIAL_PROVIDER_IDS],
      },
    },
    // Sessions are also the bearer tokens (`jwt`): they expire after 30 days, are extended while
    // used, and logging out deletes them.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limiter (lib/server/rate-limit.ts) guards sign-in: Better Auth's skips requests that
    // carry no forwarded IP, which is every request to a self-hosted server without a proxy.
    rateLimit: { enabled: false },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        usernameValidator: (name) => USERNAME_PATTERN.test(name),
      }),
      bearer(),
      // Remembers how the user last signed in (the header shows a Twitch icon for Twitch sign-ins).
      lastLoginMethod({ storeInDatabase: true }),
      // Provider sign-in in a popup: the callback answers a page that posts the outcome to the opener.
      oauthPopup(),
      ...(generic.length > 0 ? [genericOAuth({ config: generic })] : []),
      kickSignInPlugin(),
    ],
    databaseHooks: {
      user: {
        create: {
          // Provider sign-ups carry no username: derive a unique one from the provider's name.
          before: async (user) => rejectReservedUsername(await assignProviderUsername(user)),
        },
        update: {
          before: rejectReservedUsername,
        },
      },
      account: {
        create: { after: (account) => syncTwitchUsername(account).catch(logHookError) },
        update: { after: (account) => syncTwitchUsername(account).catch(logHookError) },
      },
    },
  });
}

/** A failed profile side effect (e.g. Twitch unreachable) must not fail the sign-in itself. */
function logHookError(error: unknown): void {
  console.error("[auth] account hook failed", error);
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const globalForAuth = globalThis as unknown as { __vpAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  if (!globalForAuth.__vpAuth) {
    const creating = createAuth();
    globalForAuth.__vpAuth = creating;
    creating.catch(() => {
      if (globalForAuth.__vpAuth === creating) globalForAuth.__vpAuth = undefined;
    });
  }
  return globalForAuth.__vpAuth;
}

/** Which social sign-ins this server can offer (buttons for the others say so plainly). */
export function configuredSocialProviders(): { google: boolean; twitch: boolean; kick: boolean } {
  const env = getEnv();
  return {
    google: isProviderConfigured(env, "google"),
    twitch: isProviderConfigured(env, "twitch"),
    kick: isProviderConfigured(env, "kick"),
  };
}

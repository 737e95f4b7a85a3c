import "server-only";
/**
 * The one Better Auth instance: e-mail + password with usernames, bearer tokens for the extension and
 * the API client, social providers when configured. Created lazily (the database opens on first use).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer, genericOAuth, lastLoginMethod, oauthPopup, username } from "better-auth/plugins";
import { getDb } from "@/lib/server/db";
import * as schema from "@/db/schema";
import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";
import { signUpProfileSchema, toStorableDisplayName, toStorableImageUrl } from "@/lib/schemas/user";
import { assignProviderUsername } from "./accounts/assign-provider-username";
import { kickSignInPlugin } from "./accounts/kick-sign-in-plugin";
import { isProviderConfigured, SOCIAL_PROVIDER_IDS, socialSignInConfig } from "./accounts/social-providers";
import { syncTwitchUsername } from "./accounts/sync-twitch-username";
import { getEnv } from "./env";
import { siteOrigins } from "./http/site-origins";
import { processSingleton } from "./process-singleton";
import { log } from "@/lib/server/log";

/** Sign-up and profile edits refuse usernames that would shadow a route (`/{username}`). */
async function rejectReservedUsername<T extends Record<string, unknown>>(user: T) {
  const name = typeof user.username === "string" ? user.username : undefined;
  if (name && isReservedUsername(name)) {
    throw new APIError("BAD_REQUEST", { message: "That username is reserved. Please choose another." });
  }
  return { data: user };
}

/**
 * Better Auth endpoints nothing of ours calls (the site's auth modal and profile, the extension and
 * the API client use sign-up, sign-in, sign-out, session, social sign-in and linking). Each one
 * left open is a way around the app's own rules: `update-user` would take any name or picture
 * (PATCH /api/v1/users/me/account is the app's way), `is-username-available` answers which names
 * exist, the session and token endpoints hand out provider tokens the site never needs, and the
 * password and e-mail flows need mail this server does not send. They answer 404.
 */
export const DISABLED_AUTH_PATHS = [
  "/update-user",
  "/change-email",
  "/change-password",
  "/verify-password",
  "/delete-user",
  "/delete-user/callback",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/is-username-available",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/update-session",
  "/get-access-token",
  "/refresh-token",
  "/account-info",
];

/**
 * An e-mail sign-up's name and picture follow the same rules, with the same messages, as editing
 * them later (a display name shows in every public party list). Runs before Better Auth's own
 * checks; a failure answers 422 with the rule's message, which the sign-up form shows.
 */
const validateSignUpProfile = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/sign-up/email") return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const parsed = signUpProfileSchema.safeParse({ name: body.name, image: body.image });
  if (!parsed.success) {
    throw new APIError("UNPROCESSABLE_ENTITY", { message: parsed.error.issues[0]?.message ?? "Invalid request.", code: "unprocessable_entity" });
  }
});

/**
 * Whatever writes a user row (a provider's profile at sign-in, a plugin) stores a name and picture
 * that pass the profile rules: a provider's over-long name is cut, control characters dropped, and
 * a picture that is not an http(s) URL is not kept. E-mail sign-ups were already checked strictly.
 */
function storableProfile<T extends Record<string, unknown>>(user: T, { creating }: { creating: boolean }): T {
  const out: Record<string, unknown> = { ...user };
  if (typeof user.name === "string") {
    const name = toStorableDisplayName(user.name);
    if (name) out.name = name;
    else if (creating) out.name = typeof user.username === "string" ? user.username : "";
    else delete out.name; // nothing printable: keep the current name
  }
  if (user.image !== undefined && user.image !== null) out.image = toStorableImageUrl(user.image);
  return out as T;
}

async function createAuth() {
  const env = getEnv();
  const db = await getDb();
  // The same origins the API's cross-site write check accepts (lib/server/http/site-origins.ts).
  const trustedOrigins = [...siteOrigins(env)];
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
    disabledPaths: DISABLED_AUTH_PATHS,
    hooks: { before: validateSignUpProfile },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN_LENGTH,
        maxUsernameLength: USERNAME_MAX_LENGTH,
        usernameValidator: (name) => USERNAME_PATTERN.test(name),
        // The display form of the username (its capitalisation) obeys the username rules too.
        displayUsernameValidator: (name) =>
          name.length >= USERNAME_MIN_LENGTH && name.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(name),
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
          before: async (user) => rejectReservedUsername(storableProfile(await assignProviderUsername(user), { creating: true })),
        },
        update: {
          before: async (user) => rejectReservedUsername(storableProfile(user, { creating: false })),
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
  log.error({ err: error }, "[auth] account hook failed");
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

export const getAuth: () => Promise<Auth> = processSingleton("auth", createAuth);

/** Which social sign-ins this server can offer (buttons for the others say so plainly). */
export function configuredSocialProviders(): { google: boolean; twitch: boolean; kick: boolean } {
  const env = getEnv();
  return {
    google: isProviderConfigured(env, "google"),
    twitch: isProviderConfigured(env, "twitch"),
    kick: isProviderConfigured(env, "kick"),
  };
}

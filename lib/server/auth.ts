import "server-only";
/**
 * The one Better Auth instance: e-mail + password with usernames, bearer tokens for the extension and
 * the API client, social providers when configured. Created lazily (the database opens on first use).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer, lastLoginMethod, username } from "better-auth/plugins";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema";
import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";
import { getEnv } from "./env";

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
  const port = env.PORT;
  const trustedOrigins = [
    env.baseUrl,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    ...(env.VP_TRUSTED_ORIGINS?.split(",").map((o) => o.trim()).filter(Boolean) ?? []),
  ];
  const socialProviders = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.TWITCH_CLIENT_ID && env.TWITCH_CLIENT_SECRET
      ? { twitch: { clientId: env.TWITCH_CLIENT_ID, clientSecret: env.TWITCH_CLIENT_SECRET } }
      : {}),
    ...(env.KICK_CLIENT_ID && env.KICK_CLIENT_SECRET
      ? { kick: { clientId: env.KICK_CLIENT_ID, clientSecret: env.KICK_CLIENT_SECRET } }
      : {}),
  };

  return betterAuth({
    appName: "ViewParty",
    baseURL: env.baseUrl,
    secret: env.authSecret,
    trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders,
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
    ],
    databaseHooks: {
      user: {
        create: {
          before: rejectReservedUsername,
        },
        update: {
          before: rejectReservedUsername,
        },
      },
    },
  });
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
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    twitch: Boolean(env.TWITCH_CLIENT_ID && env.TWITCH_CLIENT_SECRET),
    kick: Boolean(env.KICK_CLIENT_ID && env.KICK_CLIENT_SECRET),
  };
}

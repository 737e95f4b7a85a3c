import "server-only";
/**
 * A server-only Better Auth endpoint (never on the HTTP router) that turns a verified Kick access
 * token into a normal Better Auth session: the same find-or-create-and-link logic as every other
 * provider sign-in (account `kick` + Kick user id), the same session cookie, the same hooks.
 * The spec's Kick popup obtains the token itself (see components/auth/kick-callback.tsx), so this
 * cannot go through Better Auth's redirect callback.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { handleOAuthUserInfo } from "better-auth/oauth2";
import { z } from "zod";
import { describeSignInError } from "@/lib/schemas/auth";
import { fetchKickProfile } from "./fetch-kick-profile";
import { KICK_SCOPES } from "./kick-endpoints";

export const kickSignInPlugin = () =>
  ({
    id: "vp-kick-sign-in",
    endpoints: {
      kickSignIn: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ accessToken: z.string().min(1) }) },
        async (ctx) => {
          const profile = await fetchKickProfile(ctx.body.accessToken).catch(() => null);
          if (!profile) throw new APIError("UNAUTHORIZED", { message: "Kick did not accept the token." });
          const result = await handleOAuthUserInfo(ctx, {
            userInfo: { id: profile.id, name: profile.name, email: profile.email, image: profile.image, emailVerified: false },
            account: { providerId: "kick", accountId: profile.id, accessToken: ctx.body.accessToken, scope: KICK_SCOPES.join(",") },
            callbackURL: "/",
            source: { method: "oauth", oauth: { providerId: "kick", profile: { ...profile } } },
          });
          if (result.error !== null || !result.data) {
            throw new APIError("UNAUTHORIZED", { message: describeSignInError(result.error ?? "", "Kick") });
          }
          const { session, user } = result.data;
          await setSessionCookie(ctx, { session, user });
          // lastLoginMethod resolves the method from the request path; this endpoint has none.
          await ctx.context.internalAdapter.updateUser(user.id, { lastLoginMethod: "kick" });
          return ctx.json({ token: session.token, userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;

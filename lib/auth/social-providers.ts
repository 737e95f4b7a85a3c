/**
 * The social sign-in providers and the words for a failed provider sign-in. Apart from the auth
 * schemas (and zod) so that pages which only list the providers (the profile's account settings)
 * do not load them; lib/schemas/auth re-exports both.
 */

/** Social sign-in providers, in button order. */
export const SOCIAL_PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "twitch", label: "Twitch" },
  { id: "kick", label: "Kick" },
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]["id"];

/**
 * Why a provider sign-in did not sign anyone in, in words a person can act on. Codes come from
 * Better Auth's OAuth callback (`account_not_linked`, `access_denied`, ...) or our Kick sign-in.
 */
export function describeSignInError(code: string, providerLabel: string): string {
  switch (code.replace(/ /g, "_")) {
    case "account_not_linked":
      return `An account with this e-mail already exists. Log in to it and link ${providerLabel} from your profile.`;
    case "access_denied":
      return `${providerLabel} sign-in was cancelled.`;
    case "signup_disabled":
      return "Sign-up is disabled on this server.";
    case "account_already_linked_to_different_user":
      return `This ${providerLabel} account is already linked to another user.`;
    default:
      return `Could not sign you in with ${providerLabel}.`;
  }
}

/** The background's failures that callers tell apart by class, not by text, and the texts they show. */

export const NOT_SIGNED_IN = "You're not signed in to the ViewParty extension. Open it from the toolbar to sign in or pick a guest name.";
export { MISSING_AUTH_DATA as MISSING_AUTH } from "@/lib/extension-bridge/messages";

/** No account and no guest name yet. */
export class NotSignedInError extends Error {
  constructor() {
    super(NOT_SIGNED_IN);
    this.name = "NotSignedInError";
  }
}

/** What a failure says to the popup or the site. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's error `code` of a refused command (ApiRequestError's), if it had one. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

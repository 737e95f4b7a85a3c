/**
 * The extension flow of /extension-auth once a user is signed in: get the bearer token for the API
 * (the stored `jwt`, else the current session exchanged for one — logging out revokes it), post it
 * to the extension once (AUTH_TOKEN) and wait 5 s for AUTH_TOKEN_RESPONSE. Pure apart from its
 * injected dependencies, so every outcome is unit-tested.
 */
import { EXTENSION_AUTH_WAIT_MS } from "@/lib/constants";
import type { ExtensionResponseData } from "@/lib/extension-bridge/messages";
import { ExtensionTimeoutError } from "@/lib/extension-bridge/request-extension";
import {
  authenticationFailed,
  exceptionSending,
  MISSING_AUTH_DATA,
  NO_RESPONSE,
  NO_TWITCH_USERNAME,
  NO_USERNAME,
} from "./extension-auth-messages";

export interface HandshakeUser {
  id: string;
  name?: string | null;
  username?: string | null;
  displayUsername?: string | null;
}

export interface HandshakeDeps {
  /** The stored bearer (`jwt`), or null. */
  storedToken(): string | null;
  /** Exchanges the cookie session for a bearer (and stores it). */
  exchangeSession(): Promise<string>;
  /** Posts AUTH_TOKEN and waits for the reply (rejects with ExtensionTimeoutError after `timeoutMs`). */
  request(message: {
    type: "AUTH_TOKEN";
    token: string | null;
    userId: string | null;
    username: string | null;
    displayName: string | null;
    user: Record<string, unknown> | null;
    checkOnly: boolean;
  }, timeoutMs: number): Promise<ExtensionResponseData>;
}

export type HandshakeOutcome =
  | { kind: "acknowledged" }
  | { kind: "refused"; error: string }
  | { kind: "no-ack"; error: string; token: string; userId: string }
  | { kind: "failed"; error: string };

export async function runExtensionHandshake(
  user: HandshakeUser,
  options: { checkOnly: boolean; provider: string | null },
  deps: HandshakeDeps,
): Promise<HandshakeOutcome> {
  const username = user.username || user.displayUsername || null;
  const displayName = user.name || user.displayUsername || username;
  if (options.provider === "twitch" && !displayName) return { kind: "failed", error: NO_TWITCH_USERNAME };
  if (!username) return { kind: "failed", error: NO_USERNAME };

  let token = deps.storedToken();
  if (!token) {
    try {
      token = await deps.exchangeSession();
    } catch {
      token = null;
    }
  }
  if (!token || !user.id) return { kind: "failed", error: MISSING_AUTH_DATA };

  try {
    const reply = await deps.request(
      {
        type: "AUTH_TOKEN",
        token,
        userId: user.id,
        username,
        displayName,
        user: { id: user.id, username, displayName, name: user.name ?? null },
        checkOnly: options.checkOnly,
      },
      EXTENSION_AUTH_WAIT_MS,
    );
    if (reply.success) return { kind: "acknowledged" };
    return { kind: "refused", error: authenticationFailed(reply.error || "the extension refused the token.") };
  } catch (error) {
    if (error instanceof ExtensionTimeoutError) return { kind: "no-ack", error: NO_RESPONSE, token, userId: user.id };
    return { kind: "failed", error: exceptionSending(error instanceof Error ? error.message : String(error)) };
  }
}

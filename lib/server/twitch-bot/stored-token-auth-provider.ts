import "server-only";
/**
 * An @twurple AuthProvider for one bot account whose OAuth token the playlist's owner pasted in the
 * Twitch panel. It only hands that token out: it never refreshes it or asks Twitch for anything
 * (there is no client secret or refresh token to do so). A token the chat server refuses shows as
 * the bot's "error" status, and the owner enters a new one.
 */
import type { AccessTokenWithUserId, AuthProvider } from "@twurple/auth";

const CHAT_SCOPES = ["chat:read", "chat:edit"];

export class StoredTokenAuthProvider implements AuthProvider {
  readonly clientId = "";
  private readonly token: AccessTokenWithUserId;
  private revoked = false;

  constructor(oauthToken: string, botUsername: string) {
    this.token = {
      // Tokens from token generators come as "oauth:…"; the chat client adds that prefix itself.
      accessToken: oauthToken.replace(/^oauth:/i, ""),
      refreshToken: null,
      scope: CHAT_SCOPES,
      expiresIn: null,
      obtainmentTimestamp: 0,
      userId: botUsername,
    };
  }

  /**
   * The bot stopped: no token any more. After a refused login the chat client schedules one more
   * login attempt by itself, even once stopped; without a token that attempt ends before it logs in.
   */
  revoke(): void {
    this.revoked = true;
  }

  getCurrentScopesForUser(): string[] {
    return CHAT_SCOPES;
  }

  async getAccessTokenForUser(): Promise<AccessTokenWithUserId | null> {
    return this.revoked ? null : this.token;
  }

  async getAccessTokenForIntent(): Promise<AccessTokenWithUserId | null> {
    return this.revoked ? null : this.token;
  }

  async getAnyAccessToken(): Promise<AccessTokenWithUserId> {
    if (this.revoked) throw new Error("The bot was stopped.");
    return this.token;
  }
}

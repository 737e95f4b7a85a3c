/**
 * Who the extension acts as: an account (a bearer from /extension-auth, or pasted by hand, checked
 * with GET /users/me) or a guest username; signing in and out.
 */
import type { PopupView } from "../messaging/protocol";
import type { ExtensionStore } from "../storage/extension-store";
import type { Session } from "../storage/schema";
import type { BackgroundContext } from "./background-context";
import { MISSING_AUTH, NotSignedInError } from "./errors";
import { sessionView } from "./party-view";

export async function requireSession(store: ExtensionStore): Promise<Session> {
  const session = await store.session();
  if (!session) throw new NotSignedInError();
  return session;
}

export class Account {
  constructor(
    private readonly context: BackgroundContext,
    /** Leaves the party this browser is in (signing out leaves it first). */
    private readonly leaveParty: () => Promise<unknown>,
  ) {}

  async signInGuest(username: string): Promise<PopupView["session"]> {
    const guest = await (await this.context.api()).createGuest(username);
    const session: Session = {
      kind: "guest",
      token: guest.token,
      userId: guest.user.id,
      username: null,
      displayName: guest.user.display_name,
      expiresAt: Date.parse(guest.expires_at) || null,
    };
    await this.context.store.setSession(session);
    return sessionView(session);
  }

  async signInWithToken(token: string): Promise<PopupView["session"]> {
    return sessionView(await this.acceptAccountToken(token.trim(), null, null));
  }

  /** Checks a bearer with the API (GET /users/me) and keeps it as the account session. */
  async acceptAccountToken(token: string, expectedUserId: string | null, displayName: string | null): Promise<Session> {
    if (!token) throw new Error(MISSING_AUTH);
    const user = await (await this.context.api()).me(token);
    if (expectedUserId && expectedUserId !== user.id) throw new Error(MISSING_AUTH);
    const session: Session = {
      kind: "account",
      token,
      userId: user.id,
      username: user.username,
      displayName: user.display_name || user.username || displayName || "",
      expiresAt: null,
    };
    await this.context.store.setSession(session);
    return session;
  }

  async openSignIn(): Promise<null> {
    const api = await this.context.api();
    await this.context.ext.tabs.create({ url: `${api.serverUrl}/extension-auth?mode=viewparty`, active: true });
    return null;
  }

  async signOut(): Promise<null> {
    const { store } = this.context;
    const session = await store.session();
    if (session && (await store.party())) await this.leaveParty().catch(() => null);
    if (session?.kind === "account") await (await this.context.api()).signOut(session.token).catch(() => undefined);
    await store.setSession(null);
    return null;
  }
}

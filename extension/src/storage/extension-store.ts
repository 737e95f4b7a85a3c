/** The background's view of its records: the server's settings (with the build's default), the signed-in session and the party. */
import { partyItem, sessionItem, settingsItem } from "./storage-items";
import type { PartyBinding, Session, Settings } from "./schema";

export class ExtensionStore {
  constructor(private readonly defaults: Settings) {}

  async settings(): Promise<Settings> {
    return (await settingsItem.get()) ?? this.defaults;
  }

  setSettings(settings: Settings): Promise<void> {
    return settingsItem.set(settings);
  }

  /** An expired guest session reads as signed out. */
  async session(): Promise<Session | null> {
    const session = await sessionItem.get();
    if (session?.expiresAt !== null && session?.expiresAt !== undefined && session.expiresAt <= Date.now()) return null;
    return session;
  }

  setSession(session: Session | null): Promise<void> {
    return sessionItem.set(session);
  }

  party(): Promise<PartyBinding | null> {
    return partyItem.get();
  }

  setParty(party: PartyBinding | null): Promise<void> {
    return partyItem.set(party);
  }
}

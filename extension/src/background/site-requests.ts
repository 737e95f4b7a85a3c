/**
 * Requests from the ViewParty website, relayed by the site bridge content script: the account
 * handshake of /extension-auth (AUTH_TOKEN) and the Join button of /parties (JOIN_PARTY). Only the
 * configured server's pages are answered.
 */
import type { AuthTokenMessage, ExtensionResponseData } from "@/lib/extension-bridge/messages";
import type { Handlers } from "../messaging/messenger";
import type { BackgroundProtocol } from "../messaging/protocol";
import type { MessageSender } from "../platform/extension-api";
import type { Account } from "./account";
import type { BackgroundContext } from "./background-context";
import { messageOf, MISSING_AUTH, NotSignedInError } from "./errors";
import type { PartyMembership } from "./party-membership";

const NOT_THE_SITE: ExtensionResponseData = { success: false, error: "Not the ViewParty site." };

export function siteRequests(
  context: BackgroundContext,
  account: Account,
  membership: PartyMembership,
): Required<Pick<Handlers<BackgroundProtocol>, "site:authToken" | "site:joinParty">> {
  /** A page of the configured server, in this extension's own content script. */
  const fromSite = async (sender: MessageSender): Promise<boolean> => {
    const { serverUrl } = await context.store.settings();
    const from = sender.url ?? sender.tab?.url;
    try {
      return from !== undefined && new URL(from).origin === serverUrl && sender.id === context.ext.runtime.id;
    } catch {
      return false;
    }
  };

  const receiveAuthToken = async (message: AuthTokenMessage, sender: MessageSender): Promise<ExtensionResponseData> => {
    if (!(await fromSite(sender))) return NOT_THE_SITE;
    const existing = await context.store.session();
    if (!message.token) {
      if (message.checkOnly) return { success: existing?.kind === "account" };
      return { success: false, error: MISSING_AUTH };
    }
    try {
      await account.acceptAccountToken(message.token, message.userId, message.displayName);
    } catch (error) {
      return { success: false, error: messageOf(error) };
    }
    const party = await context.store.party();
    return { success: true, ...(party ? { partyId: party.id, vp_party_id: party.id } : {}) };
  };

  const joinFromSite = async (partyId: string, sender: MessageSender): Promise<ExtensionResponseData> => {
    if (!(await fromSite(sender))) return NOT_THE_SITE;
    try {
      const view = await membership.join(partyId);
      return { success: true, partyId: view.id, vp_party_id: view.id };
    } catch (error) {
      // Not signed in: take them to sign-in; the site shows the reason.
      if (error instanceof NotSignedInError) await account.openSignIn().catch(() => null);
      return { success: false, error: messageOf(error) };
    }
  };

  return {
    "site:authToken": (message, sender) => receiveAuthToken(message, sender),
    "site:joinParty": ({ partyId }, sender) => joinFromSite(partyId, sender),
  };
}

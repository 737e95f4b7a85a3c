/**
 * What the popup shows when it opens: the server (and whether it answers), who is signed in, the
 * party with its live details, and what the popup's tab can do.
 */
import { adapterForUrl } from "../adapters/registry";
import { sendTabRequest } from "../messaging/messenger";
import type { ContentProtocol, PartyView, PopupView } from "../messaging/protocol";
import type { TabInfo } from "../platform/extension-api";
import type { Session } from "../storage/schema";
import { ApiRequestError, type ApiClient } from "../../../lib/party-client/api-client";
import type { BackgroundContext } from "./background-context";
import { messageOf } from "./errors";
import { bindingFromDetail, partyView, sessionView } from "./party-view";

const HEALTH_TIMEOUT_MS = 4000;

export async function getPopupView(context: BackgroundContext, tabId: number | null): Promise<PopupView> {
  const { store } = context;
  const api = await context.api();
  const tab = await probeTab(context, tabId);
  try {
    await api.health(HEALTH_TIMEOUT_MS);
  } catch (error) {
    // Offline: what is stored, without the server's details.
    const party = await store.party();
    return { serverUrl: api.serverUrl, serverError: messageOf(error), session: sessionView(await store.session()), party: party && partyView(party, api.serverUrl, null), tab };
  }
  let session = await store.session();
  if (session?.kind === "account") {
    // A bearer revoked at logout on the site: forget it.
    try {
      await api.me(session.token);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        await store.setSession(null);
        session = null;
      }
    }
  }
  return { serverUrl: api.serverUrl, serverError: null, session: sessionView(session), party: session && (await currentParty(context, api, session)), tab };
}

/** The party with the server's current details; the stored binding follows the server (a party found elsewhere, a handed-over host role, an ended party). */
async function currentParty({ store }: BackgroundContext, api: ApiClient, session: Session): Promise<PartyView | null> {
  let binding = await store.party();
  try {
    if (!binding) {
      // In a party the extension does not know about (another device, a reinstall): pick it up.
      const current = await api.currentParty(session.token);
      if (!current) return null;
      binding = bindingFromDetail(await api.getParty(session.token, current.id), null);
      await store.setParty(binding);
    }
    const detail = await api.getParty(session.token, binding.id);
    if (detail.state === "ENDED") throw new ApiRequestError("ended", 404);
    // The host role can be handed over during the party: the server's answer is the current one.
    if (detail.role && detail.role !== binding.role) {
      binding = { ...binding, role: detail.role };
      await store.setParty(binding);
    }
    return partyView(binding, api.serverUrl, detail);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) {
      await store.setParty(null);
      return null;
    }
    return binding && partyView(binding, api.serverUrl, null);
  }
}

async function probeTab({ ext }: BackgroundContext, tabId: number | null): Promise<PopupView["tab"]> {
  if (tabId === null) return { status: "unsupported" };
  let tab: TabInfo | undefined;
  try {
    tab = await ext.tabs.get(tabId);
  } catch {
    return { status: "unsupported" };
  }
  if (!tab?.url || !adapterForUrl(tab.url)) return { status: "unsupported" };
  try {
    return await sendTabRequest<ContentProtocol, "tab:probe">(ext.tabs, tabId, "tab:probe", {});
  } catch {
    // No content script there: a page opened before the extension was installed, or a store page.
    return { status: "unreachable" };
  }
}

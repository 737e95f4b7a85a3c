/**
 * The background service worker's wiring: it builds the jobs and connects them to the browser's
 * events. Each job is its own file:
 * - popup-requests.ts: the popup's requests, answered by popup-view.ts (what the popup shows),
 *   account.ts (sign-in and out), party-membership.ts (start, join, leave) and change-server.ts;
 * - site-requests.ts: the website's requests relayed by the site bridge (account handshake, Join);
 * - party-tabs.ts: the tab that plays the party, its port and its live connection;
 * - site-script-registration.ts: the site bridge registered for a server chosen in the popup;
 * - party-view.ts: the party (and session) as the popup and the site are shown them.
 */
import { handleRequests } from "../messaging/messenger";
import type { BackgroundProtocol } from "../messaging/protocol";
import type { ExtensionApi } from "../platform/extension-api";
import { ExtensionStore } from "../storage/extension-store";
import { importOriginalExtension } from "../storage/import-original-extension";
import { Account } from "./account";
import { ApiClient, type FetchLike } from "../../../lib/party-client/api-client";
import type { BackgroundContext } from "./background-context";
import { PartyMembership } from "./party-membership";
import { PartyTabs } from "./party-tabs";
import { popupRequests } from "./popup-requests";
import { siteRequests } from "./site-requests";
import { syncSiteScript } from "./site-script-registration";

export interface ControllerOptions {
  defaultServerUrl: string;
  fetch?: FetchLike;
}

export class BackgroundController {
  readonly store: ExtensionStore;
  private readonly context: BackgroundContext;
  private readonly tabs: PartyTabs;
  private readonly account: Account;
  private readonly membership: PartyMembership;

  constructor(
    private readonly ext: ExtensionApi,
    options: ControllerOptions,
  ) {
    const store = new ExtensionStore({ serverUrl: options.defaultServerUrl });
    this.store = store;
    this.context = {
      ext,
      store,
      defaultServerUrl: options.defaultServerUrl,
      api: async () => new ApiClient((await store.settings()).serverUrl, options.fetch),
    };
    this.tabs = new PartyTabs(this.context);
    this.membership = new PartyMembership(this.context, this.tabs);
    this.account = new Account(this.context, () => this.membership.leave());
  }

  /** Wires the listeners (synchronously, as MV3 requires), then brings over the original extension's storage. */
  start(): Promise<void> {
    handleRequests<BackgroundProtocol>(this.ext.runtime, {
      ...popupRequests(this.context, this.account, this.membership, this.tabs),
      ...siteRequests(this.context, this.account, this.membership),
      "player:hello": (_, sender) => this.tabs.hello(sender),
    });
    this.ext.runtime.onConnect.addListener((port) => void this.tabs.attach(port));
    this.ext.tabs.onRemoved.addListener((tabId) => void this.tabs.tabClosed(tabId));
    this.ext.tabs.onUpdated.addListener((tabId, change, tab) => this.tabs.tabUpdated(tabId, change, tab));
    return importOriginalExtension()
      .then(() => syncSiteScript(this.context))
      .catch((error: unknown) => console.error("[viewparty] start", error));
  }
}

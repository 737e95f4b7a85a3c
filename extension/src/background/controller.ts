/**
 * The background's job: the signed-in identity (an account's bearer from /extension-auth, or a guest
 * username), the party this browser is in and the tab that plays it, and one live connection per
 * attached player tab (opened when the tab's content script connects, closed when the tab goes — so
 * the host closing the tab is what the server sees as the host leaving).
 */
import type { AuthTokenMessage, ExtensionResponseData } from "@/lib/extension-bridge/messages";
import type { PartyDetail } from "@/lib/schemas/party";
import { adapterForUrl, mediaKeyOf } from "../adapters/registry";
import { normalizeServerUrl, originMatchPatterns } from "../config/server-url";
import { handleRequests, sendTabRequest } from "../messaging/messenger";
import {
  PARTY_PORT,
  type BackgroundProtocol,
  type ContentProtocol,
  type PartyView,
  type PlayerAssignment,
  type PopupView,
  type PortToBackground,
  type PortToContent,
  type StartPartyRequest,
} from "../messaging/protocol";
import type { ExtensionApi, MessageSender, PortLike, TabInfo } from "../platform/extension-api";
import { ExtensionStore } from "../storage/extension-store";
import { importOriginalExtension } from "../storage/import-original-extension";
import type { PartyBinding, Session } from "../storage/schema";
import { ApiClient, ApiRequestError, type FetchLike } from "./api-client";
import { PartyConnection } from "./party-connection";

export const NOT_SIGNED_IN = "You're not signed in to the ViewParty extension. Open it from the toolbar to sign in or pick a guest name.";

/** No account and no guest name yet: told apart by its class, not by its text. */
export class NotSignedInError extends Error {
  constructor() {
    super(NOT_SIGNED_IN);
    this.name = "NotSignedInError";
  }
}
export const MISSING_AUTH = "Missing authentication data. Please try logging in again.";
const HEALTH_TIMEOUT_MS = 4000;
const SITE_SCRIPT_ID = "viewparty-site-runtime";

interface Attached {
  port: PortLike;
  connection: PartyConnection;
  partyId: string;
}

export interface ControllerOptions {
  defaultServerUrl: string;
  fetch?: FetchLike;
}

export class BackgroundController {
  readonly store: ExtensionStore;
  private readonly attached = new Map<number, Attached>();

  constructor(
    private readonly ext: ExtensionApi,
    private readonly options: ControllerOptions,
  ) {
    this.store = new ExtensionStore({ serverUrl: options.defaultServerUrl });
  }

  /** Wires the listeners (synchronously, as MV3 requires) and brings over the original extension's storage. */
  start(): Promise<void> {
    handleRequests<BackgroundProtocol>(this.ext.runtime, {
      "popup:view": ({ tabId }) => this.view(tabId),
      "popup:signInGuest": ({ username }) => this.signInGuest(username),
      "popup:signInWithToken": ({ token }) => this.signInWithToken(token),
      "popup:openSignIn": () => this.openSignIn(),
      "popup:signOut": () => this.signOut(),
      "popup:startParty": (request) => this.startParty(request),
      "popup:joinByCode": ({ code }) => this.join(code),
      "popup:leaveParty": () => this.leave(),
      "popup:openPartyTab": () => this.openPartyTab(),
      "popup:setServerUrl": ({ serverUrl }) => this.setServerUrl(serverUrl),
      "site:authToken": (message, sender) => this.receiveAuthToken(message, sender),
      "site:joinParty": ({ partyId }, sender) => this.joinFromSite(partyId, sender),
      "player:hello": (_, sender) => this.hello(sender),
    });
    this.ext.runtime.onConnect.addListener((port) => void this.attach(port));
    this.ext.tabs.onRemoved.addListener((tabId) => void this.tabClosed(tabId));
    this.ext.tabs.onUpdated.addListener((tabId, change, tab) => {
      const attached = this.attached.get(tabId);
      if (attached && (change.url || change.title) && tab.url) post(attached.port, { kind: "tab", url: tab.url, title: tab.title ?? "" });
    });
    return importOriginalExtension()
      .then(() => this.syncSiteScript())
      .catch((error: unknown) => console.error("[viewparty] start", error));
  }

  /**
   * The manifest runs the site bridge on the build's server only; a server set in the popup gets the
   * same script registered at run time (and unregistered when the build's server is back).
   */
  async syncSiteScript(): Promise<void> {
    const scripting = this.ext.scripting;
    if (!scripting) return;
    const { serverUrl } = await this.store.settings();
    const registered = await scripting.getRegisteredContentScripts({ ids: [SITE_SCRIPT_ID] });
    const wanted = serverUrl === this.options.defaultServerUrl ? null : originMatchPatterns(serverUrl);
    if (registered.length > 0 && JSON.stringify(registered[0]?.matches) === JSON.stringify(wanted)) return;
    if (registered.length > 0) await scripting.unregisterContentScripts({ ids: [SITE_SCRIPT_ID] });
    if (wanted) await scripting.registerContentScripts([{ id: SITE_SCRIPT_ID, matches: wanted, js: ["content-scripts/site.js"], runAt: "document_start" }]);
  }

  async api(): Promise<ApiClient> {
    return new ApiClient((await this.store.settings()).serverUrl, this.options.fetch);
  }

  private async requireSession(): Promise<Session> {
    const session = await this.store.session();
    if (!session) throw new NotSignedInError();
    return session;
  }

  // ---------------------------------------------------------------------------------------------
  // Popup

  async view(tabId: number | null): Promise<PopupView> {
    const api = await this.api();
    const view: PopupView = { serverUrl: api.serverUrl, serverError: null, session: null, party: null, tab: { status: "unsupported" } };
    view.tab = await this.probeTab(tabId);
    try {
      await api.health(HEALTH_TIMEOUT_MS);
    } catch (error) {
      view.serverError = error instanceof Error ? error.message : String(error);
      const session = await this.store.session();
      view.session = session && { kind: session.kind, displayName: session.displayName, username: session.username };
      const party = await this.store.party();
      view.party = party && { ...party, inviteUrl: this.inviteUrl(api, party), members: null, state: null, hostDisplayName: null };
      return view;
    }
    let session = await this.store.session();
    if (session?.kind === "account") {
      // A bearer revoked at logout on the site: forget it.
      try {
        await api.me(session.token);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) {
          await this.store.setSession(null);
          session = null;
        }
      }
    }
    view.session = session && { kind: session.kind, displayName: session.displayName, username: session.username };
    if (session) view.party = await this.partyView(api, session);
    return view;
  }

  private async partyView(api: ApiClient, session: Session): Promise<PartyView | null> {
    let binding = await this.store.party();
    try {
      if (!binding) {
        // In a party the extension does not know about (another device, a reinstall): pick it up.
        const current = await api.currentParty(session.token);
        if (!current) return null;
        binding = toBinding(await api.getParty(session.token, current.id), null);
        await this.store.setParty(binding);
      }
      const detail = await api.getParty(session.token, binding.id);
      if (detail.state === "ENDED") throw new ApiRequestError("ended", 404);
      // The host role can be handed over during the party: the server's answer is the current one.
      if (detail.role && detail.role !== binding.role) {
        binding = { ...binding, role: detail.role };
        await this.store.setParty(binding);
      }
      return { ...binding, inviteUrl: this.inviteUrl(api, binding), members: detail.party_size, state: detail.state, hostDisplayName: detail.host_display_name };
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) {
        await this.store.setParty(null);
        return null;
      }
      return binding && { ...binding, inviteUrl: this.inviteUrl(api, binding), members: null, state: null, hostDisplayName: null };
    }
  }

  private inviteUrl(api: ApiClient, party: PartyBinding): string | null {
    return party.inviteCode ? `${api.serverUrl}/parties?invite=${encodeURIComponent(party.inviteCode)}` : null;
  }

  private async probeTab(tabId: number | null): Promise<PopupView["tab"]> {
    if (tabId === null) return { status: "unsupported" };
    let tab: TabInfo;
    try {
      tab = await this.ext.tabs.get(tabId);
    } catch {
      return { status: "unsupported" };
    }
    if (!tab.url || !adapterForUrl(tab.url)) return { status: "unsupported" };
    try {
      return await sendTabRequest<ContentProtocol, "tab:probe">(this.ext.tabs, tabId, "tab:probe", {});
    } catch {
      // No content script there: a page opened before the extension was installed, or a store page.
      return { status: "unreachable" };
    }
  }

  async signInGuest(username: string): Promise<PopupView["session"]> {
    const api = await this.api();
    const guest = await api.createGuest(username);
    const session: Session = {
      kind: "guest",
      token: guest.token,
      userId: guest.user.id,
      username: null,
      displayName: guest.user.display_name,
      expiresAt: Date.parse(guest.expires_at) || null,
    };
    await this.store.setSession(session);
    return { kind: session.kind, displayName: session.displayName, username: session.username };
  }

  async signInWithToken(token: string): Promise<PopupView["session"]> {
    const session = await this.acceptAccountToken(token.trim(), null, null);
    return { kind: session.kind, displayName: session.displayName, username: session.username };
  }

  /** Checks a bearer with the API (GET /users/me) and keeps it as the account session. */
  private async acceptAccountToken(token: string, expectedUserId: string | null, displayName: string | null): Promise<Session> {
    if (!token) throw new Error(MISSING_AUTH);
    const user = await (await this.api()).me(token);
    if (expectedUserId && expectedUserId !== user.id) throw new Error(MISSING_AUTH);
    const session: Session = {
      kind: "account",
      token,
      userId: user.id,
      username: user.username,
      displayName: user.display_name || user.username || displayName || "",
      expiresAt: null,
    };
    await this.store.setSession(session);
    return session;
  }

  async openSignIn(): Promise<null> {
    const api = await this.api();
    await this.ext.tabs.create({ url: `${api.serverUrl}/extension-auth?mode=viewparty`, active: true });
    return null;
  }

  async signOut(): Promise<null> {
    const session = await this.store.session();
    if (session && (await this.store.party())) await this.leave().catch(() => null);
    if (session?.kind === "account") await (await this.api()).signOut(session.token).catch(() => undefined);
    await this.store.setSession(null);
    return null;
  }

  async startParty(request: StartPartyRequest): Promise<PartyView> {
    const session = await this.requireSession();
    const probe = await sendTabRequest<ContentProtocol, "tab:probe">(this.ext.tabs, request.tabId, "tab:probe", {}).catch(() => null);
    if (!probe) throw new Error("This page can't host a party. Open a video page and try again.");
    if (probe.status !== "ready") throw new Error("No video found on this page.");
    const api = await this.api();
    const detail = await api.createParty(session.token, {
      video_url: probe.url,
      video_title: probe.title.slice(0, 300) || probe.platform,
      platform_domain: probe.platformDomain,
      chat_provider: request.chatProvider,
      ...(request.chatProvider === "twitch" && request.twitchChannel ? { chat_identifier: request.twitchChannel } : {}),
      visibility: request.visibility,
      streamer_latency_ms: Math.round(request.streamerLatencyMs),
    });
    const binding = toBinding(detail, request.tabId, "host");
    await this.bind(binding);
    return { ...binding, inviteUrl: this.inviteUrl(api, binding), members: detail.party_size, state: detail.state, hostDisplayName: detail.host_display_name };
  }

  /** Joins by id or invite code, then opens (or focuses) the party's video. */
  async join(idOrCode: string): Promise<PartyView> {
    const session = await this.requireSession();
    const api = await this.api();
    const code = idOrCode.trim();
    if (!code) throw new Error("Enter an invite code.");
    const detail = await api.joinParty(session.token, code);
    const tab = await this.openOrFocus(detail.host_video_url);
    const binding = toBinding(detail, tab.id ?? null);
    await this.bind(binding);
    return { ...binding, inviteUrl: this.inviteUrl(api, binding), members: detail.party_size, state: detail.state, hostDisplayName: detail.host_display_name };
  }

  async leave(): Promise<null> {
    const party = await this.store.party();
    const session = await this.store.session();
    await this.store.setParty(null);
    this.detachAll("You left the party.");
    if (session && party) {
      try {
        await (await this.api()).leaveParty(session.token);
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
    }
    return null;
  }

  async openPartyTab(): Promise<null> {
    const party = await this.store.party();
    if (!party) throw new Error("You're not in a party.");
    const tab = await this.openOrFocus(party.videoUrl);
    await this.bind({ ...party, tabId: tab.id ?? null });
    return null;
  }

  async setServerUrl(raw: string): Promise<string> {
    const serverUrl = normalizeServerUrl(raw);
    if (!serverUrl) throw new Error("Enter an http(s) address, e.g. https://viewparty.example.");
    const current = await this.store.settings();
    if (current.serverUrl !== serverUrl) {
      // Another server: another identity and party.
      this.detachAll("The server changed.");
      await this.store.setParty(null);
      await this.store.setSession(null);
      await this.store.setSettings({ serverUrl });
      await this.syncSiteScript();
    }
    return serverUrl;
  }

  // ---------------------------------------------------------------------------------------------
  // The website (content script on the site origin)

  private async fromSite(sender: MessageSender): Promise<boolean> {
    const { serverUrl } = await this.store.settings();
    const from = sender.url ?? sender.tab?.url;
    try {
      return from !== undefined && new URL(from).origin === serverUrl && sender.id === this.ext.runtime.id;
    } catch {
      return false;
    }
  }

  async receiveAuthToken(message: AuthTokenMessage, sender: MessageSender): Promise<ExtensionResponseData> {
    if (!(await this.fromSite(sender))) return { success: false, error: "Not the ViewParty site." };
    const existing = await this.store.session();
    if (!message.token) {
      if (message.checkOnly) return { success: existing?.kind === "account" };
      return { success: false, error: MISSING_AUTH };
    }
    try {
      await this.acceptAccountToken(message.token, message.userId, message.displayName);
    } catch (error) {
      return { success: false, error: error instanceof Error ? error.message : String(error) };
    }
    const party = await this.store.party();
    return { success: true, ...(party ? { partyId: party.id, vp_party_id: party.id } : {}) };
  }

  async joinFromSite(partyId: string, sender: MessageSender): Promise<ExtensionResponseData> {
    if (!(await this.fromSite(sender))) return { success: false, error: "Not the ViewParty site." };
    try {
      const view = await this.join(partyId);
      return { success: true, partyId: view.id, vp_party_id: view.id };
    } catch (error) {
      if (error instanceof NotSignedInError) {
        // Take them to sign-in; the site shows the reason.
        await this.openSignIn().catch(() => null);
      }
      return { success: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Player tabs

  async hello(sender: MessageSender): Promise<PlayerAssignment | null> {
    const party = await this.store.party();
    const tab = sender.tab;
    if (!party || tab?.id === undefined || party.tabId !== tab.id || !tab.url) return null;
    return { partyId: party.id, role: party.role, tabUrl: tab.url, tabTitle: tab.title ?? "", serverUrl: (await this.store.settings()).serverUrl };
  }

  private async attach(port: PortLike): Promise<void> {
    if (port.name !== PARTY_PORT) return;
    const tabId = port.sender?.tab?.id;
    // Listen at once: what the tab sends while we read storage must not be lost.
    const early: PortToBackground[] = [];
    let handle: ((message: PortToBackground) => void) | null = null;
    let gone = false;
    port.onMessage.addListener((raw) => (handle ? handle(raw as PortToBackground) : early.push(raw as PortToBackground)));
    port.onDisconnect.addListener(() => {
      gone = true;
      if (tabId !== undefined && this.attached.get(tabId)?.port === port) this.detach(tabId);
    });
    const party = await this.store.party();
    const session = await this.store.session();
    if (gone) return;
    if (tabId === undefined || !party || !session || party.tabId !== tabId) {
      post(port, { kind: "detached", reason: "This tab is not the party's tab." });
      port.disconnect();
      return;
    }
    const previous = this.attached.get(tabId);
    this.detach(tabId);
    previous?.port.disconnect();
    const connection = new PartyConnection({
      api: await this.api(),
      token: session.token,
      partyId: party.id,
      onEvent: (event, receivedAt) => post(port, { kind: "event", event, ...(receivedAt === undefined ? {} : { receivedAt }) }),
      onStatus: (status) => {
        post(port, { kind: "connection", state: status.state, ...(status.state === "closed" ? { error: status.error } : {}) });
        if (status.state === "closed") void this.partyGone(party.id);
      },
    });
    if (gone) return;
    this.attached.set(tabId, { port, connection, partyId: party.id });
    handle = (message) => {
      if (message.kind === "command") {
        connection.send(message.command).then(
          () => post(port, { kind: "result", reqId: message.reqId, ok: true }),
          (error: unknown) => post(port, { kind: "result", reqId: message.reqId, ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
      } else if (message.kind === "navigate") {
        void this.ext.tabs.update(tabId, { url: message.url }).catch(() => undefined);
      }
    };
    connection.start();
    for (const message of early.splice(0)) handle(message);
  }

  private detach(tabId: number): void {
    const attached = this.attached.get(tabId);
    if (!attached) return;
    this.attached.delete(tabId);
    attached.connection.stop();
  }

  private detachAll(reason: string): void {
    for (const [tabId, attached] of [...this.attached]) {
      post(attached.port, { kind: "detached", reason });
      attached.port.disconnect();
      this.detach(tabId);
    }
  }

  /** The server ended the party or refused us: forget it. */
  private async partyGone(partyId: string): Promise<void> {
    const party = await this.store.party();
    if (party?.id === partyId) await this.store.setParty(null);
  }

  private async tabClosed(tabId: number): Promise<void> {
    this.detach(tabId);
    const party = await this.store.party();
    if (party?.tabId === tabId) await this.store.setParty({ ...party, tabId: null });
  }

  private async bind(binding: PartyBinding): Promise<void> {
    const previous = await this.store.party();
    if (previous && (previous.id !== binding.id || previous.tabId !== binding.tabId)) this.detachAll("The party moved to another tab.");
    await this.store.setParty(binding);
  }

  private async openOrFocus(url: string): Promise<TabInfo> {
    const key = mediaKeyOf(url);
    if (key) {
      const tabs = await this.ext.tabs.query({});
      const existing = tabs.find((tab) => tab.url && tab.id !== undefined && mediaKeyOf(tab.url) === key);
      if (existing?.id !== undefined) {
        await this.ext.tabs.update(existing.id, { active: true });
        if (existing.windowId !== undefined) await this.ext.windows?.update(existing.windowId, { focused: true }).catch(() => undefined);
        return existing;
      }
    }
    return this.ext.tabs.create({ url, active: true });
  }
}

function toBinding(detail: PartyDetail, tabId: number | null, role?: "host" | "guest"): PartyBinding {
  return {
    id: detail.id,
    inviteCode: detail.invite_code,
    role: role ?? detail.role ?? "guest",
    videoUrl: detail.host_video_url,
    title: detail.video_title,
    platform: detail.platform,
    tabId,
  };
}

function post(port: PortLike, message: PortToContent): void {
  try {
    port.postMessage(message);
  } catch {
    // the tab went away
  }
}

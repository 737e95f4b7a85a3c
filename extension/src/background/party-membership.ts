/** Starting, joining and leaving a party, and opening the party's video again. */
import { sendTabRequest } from "../messaging/messenger";
import type { ContentProtocol, PartyView, StartPartyRequest } from "../messaging/protocol";
import { requireSession } from "./account";
import { ApiRequestError } from "../../../lib/party-client/api-client";
import type { BackgroundContext } from "./background-context";
import { openOrFocusTab } from "./open-or-focus-tab";
import type { PartyTabs } from "./party-tabs";
import { bindingFromDetail, partyView } from "./party-view";

export class PartyMembership {
  constructor(
    private readonly context: BackgroundContext,
    private readonly tabs: PartyTabs,
  ) {}

  /** Hosts a party of the video on the popup's tab. */
  async start(request: StartPartyRequest): Promise<PartyView> {
    const { ext, store } = this.context;
    const session = await requireSession(store);
    const probe = await sendTabRequest<ContentProtocol, "tab:probe">(ext.tabs, request.tabId, "tab:probe", {}).catch(() => null);
    if (!probe) throw new Error("This page can't host a party. Open a video page and try again.");
    if (probe.status !== "ready") throw new Error("No video found on this page.");
    const api = await this.context.api();
    const detail = await api.createParty(session.token, {
      video_url: probe.url,
      video_title: probe.title.slice(0, 300) || probe.platform,
      platform_domain: probe.platformDomain,
      chat_provider: request.chatProvider,
      ...(request.chatProvider === "twitch" && request.twitchChannel ? { chat_identifier: request.twitchChannel } : {}),
      visibility: request.visibility,
      streamer_latency_ms: Math.round(request.streamerLatencyMs),
    });
    const binding = bindingFromDetail(detail, request.tabId, "host");
    await this.tabs.bind(binding);
    return partyView(binding, api.serverUrl, detail);
  }

  /** Joins by id or invite code, then opens (or focuses) the party's video. */
  async join(idOrCode: string): Promise<PartyView> {
    const session = await requireSession(this.context.store);
    const api = await this.context.api();
    const code = idOrCode.trim();
    if (!code) throw new Error("Enter an invite code.");
    const detail = await api.joinParty(session.token, code);
    const tab = await openOrFocusTab(this.context.ext, detail.host_video_url);
    const binding = bindingFromDetail(detail, tab.id ?? null);
    await this.tabs.bind(binding);
    return partyView(binding, api.serverUrl, detail);
  }

  async leave(): Promise<null> {
    const { store } = this.context;
    const party = await store.party();
    const session = await store.session();
    await store.setParty(null);
    this.tabs.detachAll("You left the party.");
    if (session && party) {
      try {
        await (await this.context.api()).leaveParty(session.token);
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
    }
    return null;
  }

  async openPartyTab(): Promise<null> {
    const party = await this.context.store.party();
    if (!party) throw new Error("You're not in a party.");
    const tab = await openOrFocusTab(this.context.ext, party.videoUrl);
    await this.tabs.bind({ ...party, tabId: tab.id ?? null });
    return null;
  }
}

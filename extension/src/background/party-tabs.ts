/**
 * The tab that plays the party: the player content script's hello, one party port and live
 * connection per attached tab (opened when its content script connects, closed when the tab goes —
 * so the host closing the tab is what the server sees as the host leaving), and moving the party to
 * another tab.
 */
import { PARTY_PORT, type PlayerAssignment, type PortToBackground, type PortToContent } from "../messaging/protocol";
import type { MessageSender, PortLike, TabInfo } from "../platform/extension-api";
import type { PartyBinding } from "../storage/schema";
import type { BackgroundContext } from "./background-context";
import { codeOf, messageOf } from "./errors";
import { PartyConnection, statusNote } from "../../../lib/party-client/party-connection";

interface Attached {
  port: PortLike;
  connection: PartyConnection;
  partyId: string;
}

export class PartyTabs {
  private readonly attached = new Map<number, Attached>();

  constructor(private readonly context: BackgroundContext) {}

  /** `player:hello`: a frame with a video asks whether its tab plays the party. */
  async hello(sender: MessageSender): Promise<PlayerAssignment | null> {
    const { store } = this.context;
    const party = await store.party();
    const tab = sender.tab;
    if (!party || tab?.id === undefined || party.tabId !== tab.id || !tab.url) return null;
    return { partyId: party.id, role: party.role, tabUrl: tab.url, tabTitle: tab.title ?? "", serverUrl: (await store.settings()).serverUrl };
  }

  /** A content script opened the party port: connect its tab to the party, or turn it away. */
  async attach(port: PortLike): Promise<void> {
    if (port.name !== PARTY_PORT) return;
    const { store } = this.context;
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
    const party = await store.party();
    const session = await store.session();
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
      api: await this.context.api(),
      token: session.token,
      partyId: party.id,
      onEvent: (event, receivedAt) => post(port, { kind: "event", event, ...(receivedAt === undefined ? {} : { receivedAt }) }),
      onStatus: (status) => {
        const note = statusNote(status);
        post(port, { kind: "connection", state: status.state, ...(note !== null ? { error: note } : {}) });
        if (status.state === "closed") void this.partyGone(party.id);
      },
    });
    if (gone) return;
    this.attached.set(tabId, { port, connection, partyId: party.id });
    handle = (message) => {
      if (message.kind === "command") {
        connection.send(message.command).then(
          () => post(port, { kind: "result", reqId: message.reqId, ok: true }),
          (error: unknown) => {
            const code = codeOf(error);
            post(port, { kind: "result", reqId: message.reqId, ok: false, error: messageOf(error), ...(code ? { code } : {}) });
          },
        );
      } else if (message.kind === "navigate") {
        void this.context.ext.tabs.update(tabId, { url: message.url }).catch(() => undefined);
      }
    };
    connection.start();
    for (const message of early.splice(0)) handle(message);
  }

  /** An attached tab's address or title changed: its content script follows the media. */
  tabUpdated(tabId: number, change: { url?: string; title?: string }, tab: TabInfo): void {
    const attached = this.attached.get(tabId);
    if (attached && (change.url || change.title) && tab.url) post(attached.port, { kind: "tab", url: tab.url, title: tab.title ?? "" });
  }

  /** The party's tab closed: the party stays, without a tab. */
  async tabClosed(tabId: number): Promise<void> {
    this.detach(tabId);
    const { store } = this.context;
    const party = await store.party();
    if (party?.tabId === tabId) await store.setParty({ ...party, tabId: null });
  }

  /** Keeps `binding` as the party; a tab that played another party or was replaced is detached. */
  async bind(binding: PartyBinding): Promise<void> {
    const { store } = this.context;
    const previous = await store.party();
    if (previous && (previous.id !== binding.id || previous.tabId !== binding.tabId)) this.detachAll("The party moved to another tab.");
    await store.setParty(binding);
  }

  detachAll(reason: string): void {
    for (const [tabId, attached] of [...this.attached]) {
      post(attached.port, { kind: "detached", reason });
      attached.port.disconnect();
      this.detach(tabId);
    }
  }

  private detach(tabId: number): void {
    const attached = this.attached.get(tabId);
    if (!attached) return;
    this.attached.delete(tabId);
    attached.connection.stop();
  }

  /** The server ended the party or refused us: forget it. */
  private async partyGone(partyId: string): Promise<void> {
    const { store } = this.context;
    const party = await store.party();
    if (party?.id === partyId) await store.setParty(null);
  }
}

function post(port: PortLike, message: PortToContent): void {
  try {
    port.postMessage(message);
  } catch {
    // the tab went away
  }
}

/**
 * The one typed message map of the extension: requests to the background (from the popup, the site
 * bridge and the player content script), requests to a tab's content script, and the party port
 * between a player tab and the background.
 */
import type { AuthTokenMessage, ExtensionResponseData } from "@/lib/extension-bridge/messages";
import type { PartyState, ServerEvent } from "@/lib/sync";
import type { ConnectionState, PartyCommand } from "@/lib/party-client/types";
import type { PartyBinding, Session } from "../storage/schema";

export type { ConnectionState, PartyCommand };

export const MESSAGE_CHANNEL = "viewparty";
export const PARTY_PORT = "viewparty-party";

export interface StartPartyRequest {
  tabId: number;
  visibility: "public" | "private";
  chatProvider: "builtin" | "twitch";
  twitchChannel: string | null;
  streamerLatencyMs: number;
}

/** What a tab's content script says about the page (popup: can a party start here?). */
export type TabProbe =
  | { status: "ready"; url: string; title: string; platform: string; platformDomain: string }
  | { status: "no-video"; platform: string };

export interface PartyView extends PartyBinding {
  inviteUrl: string | null;
  members: number | null;
  state: PartyState | null;
  hostDisplayName: string | null;
}

export interface PopupView {
  serverUrl: string;
  /** null: reachable; otherwise the message to show. */
  serverError: string | null;
  session: Pick<Session, "kind" | "displayName" | "username"> | null;
  party: PartyView | null;
  /** About the tab the popup was opened on. */
  tab: { status: "unsupported" } | { status: "unreachable" } | TabProbe;
}

/** Sent to a player frame that may take the party. */
export interface PlayerAssignment {
  partyId: string;
  role: "host" | "guest";
  /** The tab's top-level URL and title: the media identity (frames may be on another origin). */
  tabUrl: string;
  tabTitle: string;
  serverUrl: string;
}

type Handler<Req, Res> = { req: Req; res: Res };
export type Protocol = Record<string, { req: unknown; res: unknown }>;

export type BackgroundProtocol = {
  "popup:view": Handler<{ tabId: number | null }, PopupView>;
  "popup:signInGuest": Handler<{ username: string }, PopupView["session"]>;
  /** The manual fallback of /extension-auth: a token pasted by hand. */
  "popup:signInWithToken": Handler<{ token: string }, PopupView["session"]>;
  "popup:openSignIn": Handler<Record<string, never>, null>;
  "popup:signOut": Handler<Record<string, never>, null>;
  "popup:startParty": Handler<StartPartyRequest, PartyView>;
  "popup:joinByCode": Handler<{ code: string }, PartyView>;
  "popup:leaveParty": Handler<Record<string, never>, null>;
  "popup:openPartyTab": Handler<Record<string, never>, null>;
  "popup:setServerUrl": Handler<{ serverUrl: string }, string>;
  "site:authToken": Handler<AuthTokenMessage, ExtensionResponseData>;
  "site:joinParty": Handler<{ partyId: string }, ExtensionResponseData>;
  "player:hello": Handler<{ frameUrl: string }, PlayerAssignment | null>;
};

export type ContentProtocol = {
  "tab:probe": Handler<Record<string, never>, TabProbe>;
};

export type ReqOf<P extends Protocol, K extends keyof P> = P[K]["req"];
export type ResOf<P extends Protocol, K extends keyof P> = P[K]["res"];

export type Envelope<P extends Protocol, K extends keyof P = keyof P> = { channel: typeof MESSAGE_CHANNEL; type: K; data: ReqOf<P, K> };
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };


/** Player tab → background, over the party port. */
export type PortToBackground =
  | { kind: "command"; command: PartyCommand; reqId: number }
  | { kind: "keepalive" }
  /** A guest's page must show the party's media: the background navigates the tab. */
  | { kind: "navigate"; url: string };

/** Background → player tab, over the party port. */
export type PortToContent =
  /** `receivedAt`: when a pong came off the network, on the background's clock (the page may be busy). */
  | { kind: "event"; event: ServerEvent; receivedAt?: number }
  | { kind: "connection"; state: ConnectionState; error?: string }
  /** `code`: the server's error code of a refused command (clients branch on it, never on the text). */
  | { kind: "result"; reqId: number; ok: boolean; error?: string; code?: string }
  | { kind: "tab"; url: string; title: string }
  | { kind: "detached"; reason: string };

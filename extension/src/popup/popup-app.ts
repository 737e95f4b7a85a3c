/**
 * The toolbar popup: who you are (account, or a guest username), the party you're in (invite link,
 * members, leave), and on a video tab "Start a party" (public or private; built-in or the host's
 * Twitch chat; streamer-mode latency); join by invite code. Every failure is shown in words.
 */
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import { sendRequest } from "../messaging/messenger";
import type { BackgroundProtocol, PopupView, ReqOf, ResOf, StartPartyRequest } from "../messaging/protocol";
import type { RuntimeLike } from "../platform/extension-api";

export const TEXT = {
  loading: "Loading...",
  notSignedIn: "You're not signed in. Sign in with your ViewParty account, or watch as a guest with just a username.",
  unsupported: "This page can't host a party. Open a video on YouTube, Netflix, Disney+, Prime Video, Max, Hulu, Twitch, Crunchyroll or any page with a video.",
  unreachable: "ViewParty can't reach this page yet. Reload the page, then open this popup again.",
  noVideo: "No video found on this page. Open the video's playback page, then try again.",
  partyTabClosed: "The party's tab is closed.",
} as const;

export interface PopupDeps {
  runtime: Pick<RuntimeLike, "sendMessage">;
  /** The tab the popup acts on (null: none, e.g. a browser page). */
  tabId: number | null;
  copy(text: string): Promise<void>;
  /** Asks for access to another server's origin (must run in the popup, on the click). */
  requestOrigin(origin: string): Promise<boolean>;
  close(): void;
}

type Send = <K extends keyof BackgroundProtocol & string>(type: K, data: ReqOf<BackgroundProtocol, K>) => Promise<ResOf<BackgroundProtocol, K>>;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string | null | false | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== false && child !== undefined) node.append(child);
  return node;
}

export class PopupApp {
  private view: PopupView | null = null;
  private error: string | null = null;
  private busy = false;
  private readonly send: Send;

  constructor(
    private readonly root: HTMLElement,
    private readonly deps: PopupDeps,
  ) {
    this.send = (type, data) => sendRequest<BackgroundProtocol, typeof type>(deps.runtime, type, data);
  }

  async load(): Promise<void> {
    this.render();
    try {
      this.view = await this.send("popup:view", { tabId: this.deps.tabId });
      this.error = null;
    } catch (error) {
      this.error = message(error);
    }
    this.render();
  }

  /** Runs an action, shows its error, reloads the view. */
  private async act(run: () => Promise<unknown>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.render();
    try {
      await run();
      this.view = await this.send("popup:view", { tabId: this.deps.tabId });
    } catch (error) {
      this.error = message(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  render(): void {
    const view = this.view;
    const body: (Node | null)[] = [];
    if (!view) body.push(this.error ? alert(this.error) : h("p", { role: "status" }, TEXT.loading));
    else {
      if (view.serverError) body.push(alert(view.serverError, "server-error"));
      if (this.error) body.push(alert(this.error, "error"));
      body.push(this.sessionSection(view));
      if (view.session) {
        body.push(view.party ? this.partySection(view) : this.startSection(view));
        if (!view.party) body.push(this.joinSection());
      }
      body.push(this.settingsSection(view));
    }
    this.root.replaceChildren(h("header", {}, h("h1", {}, "ViewParty")), ...body.filter((n): n is Node => n !== null));
    this.root.setAttribute("aria-busy", String(this.busy));
  }

  private sessionSection(view: PopupView): Node {
    if (view.session) {
      const who = view.session.kind === "guest" ? `${view.session.displayName} (guest)` : view.session.displayName || view.session.username || "your account";
      const signOut = h("button", { type: "button", class: "link", disabled: this.busy }, "Sign out");
      signOut.addEventListener("click", () => void this.act(() => this.send("popup:signOut", {})));
      return h("section", { "data-vp": "session" }, h("p", {}, "Signed in as ", h("strong", {}, who), " "), signOut);
    }
    const signIn = h("button", { type: "button", disabled: this.busy || Boolean(view.serverError) }, "Sign in with ViewParty");
    signIn.addEventListener("click", () => void this.act(() => this.send("popup:openSignIn", {})).then(() => this.deps.close()));
    const name = h("input", { type: "text", name: "username", required: true, minlength: "2", maxlength: "30", placeholder: "Username", "aria-label": "Guest username" });
    const guest = h("form", { class: "row" }, name, h("button", { type: "submit", disabled: this.busy || Boolean(view.serverError) }, "Continue as guest"));
    guest.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.act(() => this.send("popup:signInGuest", { username: name.value }));
    });
    const token = h("input", { type: "password", name: "token", required: true, placeholder: "Token from the sign-in page", "aria-label": "Token" });
    const manual = h("form", { class: "row" }, token, h("button", { type: "submit", class: "secondary", disabled: this.busy }, "Use token"));
    manual.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.act(() => this.send("popup:signInWithToken", { token: token.value }));
    });
    return h(
      "section",
      { "data-vp": "session" },
      h("p", { role: "status" }, TEXT.notSignedIn),
      signIn,
      guest,
      h("details", {}, h("summary", {}, "Sign in with a token"), manual),
    );
  }

  private partySection(view: PopupView): Node {
    const party = view.party!;
    const rows: (Node | null)[] = [
      h("p", {}, party.role === "host" ? "You're hosting " : "You're watching ", h("strong", {}, party.title)),
      h("p", { class: "muted" }, [party.platform, party.members !== null ? `${party.members} watching` : null, party.state === "AWAITING_RECONNECT" ? "Reconnecting..." : null].filter(Boolean).join(" · ")),
    ];
    if (party.inviteUrl) {
      const link = h("input", { type: "text", readonly: true, value: party.inviteUrl, "aria-label": "Invite link", "data-vp": "invite-link" });
      const copy = h("button", { type: "button", "data-vp": "copy-invite" }, "Copy invite link");
      copy.addEventListener("click", () => {
        void this.deps.copy(party.inviteUrl!).then(
          () => {
            copy.textContent = "Copied!";
            setTimeout(() => (copy.textContent = "Copy invite link"), COPY_CONFIRMATION_MS);
          },
          () => link.select(),
        );
      });
      rows.push(h("div", { class: "row" }, link, copy), h("p", { class: "muted" }, "Invite code: ", h("code", { "data-vp": "invite-code" }, party.inviteCode ?? "")));
    }
    if (party.tabId === null) {
      const open = h("button", { type: "button", disabled: this.busy }, "Open the party's video");
      open.addEventListener("click", () => void this.act(() => this.send("popup:openPartyTab", {})));
      rows.push(h("p", { role: "status" }, TEXT.partyTabClosed), open);
    }
    const leave = h("button", { type: "button", class: "danger", disabled: this.busy }, party.role === "host" ? "End the party" : "Leave the party");
    leave.addEventListener("click", () => void this.act(() => this.send("popup:leaveParty", {})));
    rows.push(leave);
    return h("section", { "data-vp": "party" }, ...rows.filter((n): n is Node => n !== null));
  }

  private startSection(view: PopupView): Node {
    const tab = view.tab;
    if (tab.status !== "ready") {
      const text = tab.status === "no-video" ? TEXT.noVideo : tab.status === "unreachable" ? TEXT.unreachable : TEXT.unsupported;
      return h("section", { "data-vp": "start" }, h("p", { role: "status", "data-vp": "tab-status" }, text));
    }
    const visibility = h("select", { name: "visibility", "aria-label": "Visibility" }, h("option", { value: "public" }, "Public (listed)"), h("option", { value: "private" }, "Private (invite only)"));
    const chat = h("select", { name: "chat", "aria-label": "Chat" }, h("option", { value: "builtin" }, "Built-in chat"), h("option", { value: "twitch" }, "My Twitch channel's chat"));
    const channel = h("input", { type: "text", name: "channel", placeholder: "Twitch channel", "aria-label": "Twitch channel", hidden: true, pattern: "[A-Za-z0-9_]{3,25}" });
    chat.addEventListener("change", () => {
      channel.hidden = chat.value !== "twitch";
      channel.required = chat.value === "twitch";
    });
    const latency = h("input", { type: "number", name: "latency", min: "0", max: "120", step: "0.5", value: "0", "aria-label": "Streamer mode latency (seconds)" });
    const form = h(
      "form",
      { class: "stack", "data-vp": "start" },
      h("p", {}, "On this page: ", h("strong", {}, tab.title || tab.platform), h("span", { class: "muted" }, ` (${tab.platform})`)),
      h("label", {}, "Who can join ", visibility),
      h("label", {}, "Chat ", chat),
      channel,
      h("label", {}, "Streamer mode delay, seconds (0 = off) ", latency),
      h("button", { type: "submit", disabled: this.busy }, "Start a party"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.deps.tabId === null) return;
      const request: StartPartyRequest = {
        tabId: this.deps.tabId,
        visibility: visibility.value === "private" ? "private" : "public",
        chatProvider: chat.value === "twitch" ? "twitch" : "builtin",
        twitchChannel: chat.value === "twitch" ? channel.value.trim() : null,
        streamerLatencyMs: Math.max(0, Math.min(120_000, Math.round(Number(latency.value || 0) * 1000))),
      };
      void this.act(() => this.send("popup:startParty", request));
    });
    return form;
  }

  private joinSection(): Node {
    const code = h("input", { type: "text", name: "code", required: true, maxlength: "64", placeholder: "Invite code", "aria-label": "Invite code" });
    const form = h("form", { class: "row", "data-vp": "join" }, code, h("button", { type: "submit", disabled: this.busy }, "Join"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.act(() => this.send("popup:joinByCode", { code: code.value }));
    });
    return h("section", {}, h("h2", {}, "Join by code"), form);
  }

  private settingsSection(view: PopupView): Node {
    const input = h("input", { type: "url", name: "server", value: view.serverUrl, "aria-label": "Server address" });
    const form = h("form", { class: "row" }, input, h("button", { type: "submit", class: "secondary" }, "Save"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.act(async () => {
        let origin: string;
        try {
          origin = new URL(input.value).origin;
        } catch {
          throw new Error("Enter an http(s) address, e.g. https://viewparty.example.");
        }
        if (origin !== view.serverUrl && !(await this.deps.requestOrigin(origin))) throw new Error(`ViewParty needs access to ${origin} to use it.`);
        await this.send("popup:setServerUrl", { serverUrl: input.value });
      });
    });
    return h("details", {}, h("summary", {}, "Server"), form);
  }
}

function alert(text: string, id = "alert"): HTMLElement {
  return h("p", { role: "alert", class: "alert", "data-vp": id }, text);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

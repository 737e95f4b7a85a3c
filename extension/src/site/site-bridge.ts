/**
 * The site's side of the extension (content script on the ViewParty site only): answers the page's
 * window messages — AUTH_TOKEN from /extension-auth and JOIN_PARTY from the Join button —
 * through the background. A message counts only when it comes from this very window (`source`) with
 * the configured site origin; anything else on the channel is ignored, and replies are posted to that
 * origin only.
 */
import { EXTENSION_SOURCE, SITE_SOURCE, siteMessageSchema, type ExtensionMessage, type ExtensionResponseData } from "@/lib/extension-bridge/messages";
import { sendRequest } from "../messaging/messenger";
import type { BackgroundProtocol } from "../messaging/protocol";
import type { RuntimeLike } from "../platform/extension-api";

export function installSiteBridge(win: Window, runtime: Pick<RuntimeLike, "sendMessage">, configuredOrigin: string | Promise<string>): () => void {
  // Listen from the start (document_start) and check the configured origin per message, so a message
  // the page posts while the setting is being read is not lost.
  const originReady = Promise.resolve(configuredOrigin);
  const listener = (event: MessageEvent) => {
    void originReady.then((siteOrigin) => handle(event, siteOrigin));
  };

  const reply = (siteOrigin: string, type: ExtensionMessage["type"], requestId: string, data: ExtensionResponseData) => {
    const message: ExtensionMessage = { source: EXTENSION_SOURCE, type, requestId, data };
    win.postMessage(message, siteOrigin);
  };
  const failure = (error: unknown): ExtensionResponseData => ({ success: false, error: error instanceof Error ? error.message : String(error) });

  const handle = (event: MessageEvent, siteOrigin: string) => {
    if (win.location.origin !== siteOrigin || event.source !== win || event.origin !== siteOrigin) return;
    const raw = event.data as { source?: unknown } | null;
    if (!raw || typeof raw !== "object" || raw.source !== SITE_SOURCE) return;
    const parsed = siteMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === "AUTH_TOKEN") {
      void sendRequest<BackgroundProtocol, "site:authToken">(runtime, "site:authToken", message).then(
        (data) => reply(siteOrigin, "AUTH_TOKEN_RESPONSE", message.requestId, data),
        (error: unknown) => reply(siteOrigin, "AUTH_TOKEN_RESPONSE", message.requestId, failure(error)),
      );
    } else {
      void sendRequest<BackgroundProtocol, "site:joinParty">(runtime, "site:joinParty", { partyId: message.partyId }).then(
        (data) => reply(siteOrigin, "JOIN_PARTY_RESPONSE", message.requestId, data),
        (error: unknown) => reply(siteOrigin, "JOIN_PARTY_RESPONSE", message.requestId, failure(error)),
      );
    }
  };
  win.addEventListener("message", listener);
  return () => win.removeEventListener("message", listener);
}

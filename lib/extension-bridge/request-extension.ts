"use client";
/**
 * Sends one message to the extension and waits for its reply. Only replies from this window, with
 * this page's origin, from the extension's source, of the expected type (and the same requestId when
 * the extension echoes it) count; everything else on the channel is ignored.
 */
import { EXTENSION_SOURCE, extensionMessageSchema, SITE_SOURCE, type ExtensionResponseData, type SiteMessage } from "./messages";

export class ExtensionTimeoutError extends Error {
  constructor() {
    super("No response from extension");
    this.name = "ExtensionTimeoutError";
  }
}

type WithoutEnvelope<M> = M extends SiteMessage ? Omit<M, "source" | "requestId"> : never;

export function requestExtension(
  message: WithoutEnvelope<SiteMessage>,
  responseType: "AUTH_TOKEN_RESPONSE" | "JOIN_PARTY_RESPONSE",
  timeoutMs: number,
  win: Window = window,
): Promise<ExtensionResponseData> {
  const requestId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const origin = win.location.origin;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const data = event.data as { source?: unknown } | null;
      if (!data || data.source !== EXTENSION_SOURCE) return;
      const parsed = extensionMessageSchema.safeParse(data);
      if (!parsed.success || parsed.data.type !== responseType) return;
      if (parsed.data.requestId !== undefined && parsed.data.requestId !== requestId) return;
      cleanup();
      resolve(parsed.data.data);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new ExtensionTimeoutError());
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      win.removeEventListener("message", onMessage);
    };
    win.addEventListener("message", onMessage);
    try {
      win.postMessage({ ...message, source: SITE_SOURCE, requestId }, origin);
    } catch (error) {
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

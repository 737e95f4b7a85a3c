/**
 * Typed request/response over `runtime.sendMessage` / `tabs.sendMessage`. Handlers answer through
 * `sendResponse` (Chrome and Firefox both support it); failures travel as `{ ok: false, error }`.
 */
import type { MessageSender, RuntimeLike, TabsLike } from "../platform/extension-api";
import { MESSAGE_CHANNEL, type Envelope, type Protocol, type ReqOf, type ResOf, type Result } from "./protocol";

export class MessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MessageError";
  }
}

function unwrap<T>(answer: unknown): T {
  const result = answer as Result<T> | undefined;
  if (!result || typeof result !== "object" || !("ok" in result)) throw new MessageError("The extension did not answer.");
  if (!result.ok) throw new MessageError(result.error);
  return result.value;
}

export function isEnvelope(message: unknown): message is Envelope<Protocol, string> {
  return typeof message === "object" && message !== null && (message as { channel?: unknown }).channel === MESSAGE_CHANNEL;
}

export async function sendRequest<P extends Protocol, K extends keyof P & string>(runtime: Pick<RuntimeLike, "sendMessage">, type: K, data: ReqOf<P, K>): Promise<ResOf<P, K>> {
  return unwrap<ResOf<P, K>>(await runtime.sendMessage({ channel: MESSAGE_CHANNEL, type, data }));
}

export async function sendTabRequest<P extends Protocol, K extends keyof P & string>(
  tabs: Pick<TabsLike, "sendMessage">,
  tabId: number,
  type: K,
  data: ReqOf<P, K>,
  frameId = 0,
): Promise<ResOf<P, K>> {
  return unwrap<ResOf<P, K>>(await tabs.sendMessage(tabId, { channel: MESSAGE_CHANNEL, type, data }, { frameId }));
}

export type Handlers<P extends Protocol> = { [K in keyof P]?: (data: ReqOf<P, K>, sender: MessageSender) => Promise<ResOf<P, K>> | ResOf<P, K> };

/** Installs one listener answering the map's requests; messages of other channels or types are left alone. */
export function handleRequests<P extends Protocol>(runtime: Pick<RuntimeLike, "onMessage">, handlers: Handlers<P>): () => void {
  const listener = (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void): boolean | undefined => {
    if (!isEnvelope(message)) return undefined;
    const handler = handlers[message.type as keyof P] as ((data: unknown, sender: MessageSender) => unknown) | undefined;
    if (!handler) return undefined;
    Promise.resolve()
      .then(() => handler(message.data, sender))
      .then(
        (value) => sendResponse({ ok: true, value: value ?? null } satisfies Result<unknown>),
        (error: unknown) => sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies Result<unknown>),
      );
    return true;
  };
  runtime.onMessage.addListener(listener);
  return () => runtime.onMessage.removeListener(listener);
}

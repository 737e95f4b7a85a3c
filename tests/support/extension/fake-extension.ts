/**
 * The unit tests' WebExtension API: WXT's fake browser (`fakeBrowser`, @webext-core/fake-browser:
 * storage, tabs, windows, runtime events) plus only what that library does not implement and the
 * extension uses:
 * - runtime messages that carry the sender's identity and are answered through `sendResponse`
 *   (its `runtime.sendMessage` passes no sender and expects listeners to return promises);
 * - ports: `runtime.connect` / `runtime.onConnect`;
 * - `tabs.sendMessage` to a tab's content script (a handler per tab);
 * - `scripting`'s registered content scripts;
 * - closing a tab (its `tabs.remove` 1.5.2 looks the tab's window up by the tab's id and throws).
 * Messages and ports clone their payloads, like the browser.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";
import type { ContentExtensionApi, EventLike, ExtensionApi, MessageSender, PortLike } from "@/extension/src/platform/extension-api";

type RuntimeListener = Parameters<ExtensionApi["runtime"]["onMessage"]["addListener"]>[0];
type TabHandler = (message: unknown, frameId: number) => Promise<unknown>;
type ContentScript = Parameters<NonNullable<ExtensionApi["scripting"]>["registerContentScripts"]>[0][number];

class PortEvent<F extends (...args: never[]) => unknown> implements EventLike<F> {
  private readonly listeners = new Set<F>();
  addListener(listener: F): void {
    this.listeners.add(listener);
  }
  removeListener(listener: F): void {
    this.listeners.delete(listener);
  }
  emit(...args: Parameters<F>): void {
    for (const listener of [...this.listeners]) listener(...args);
  }
}

export class FakePort implements PortLike {
  readonly onMessage = new PortEvent<(message: unknown, port: PortLike) => void>();
  readonly onDisconnect = new PortEvent<(port: PortLike) => void>();
  other: FakePort | null = null;
  connected = true;

  constructor(
    readonly name: string,
    readonly sender?: MessageSender,
  ) {}

  postMessage(message: unknown): void {
    if (!this.connected) throw new Error("Attempting to use a disconnected port object");
    const other = this.other;
    // Asynchronous, cloned and in order: a message posted just before disconnect() still arrives,
    // before the disconnect event.
    const copy = clone(message);
    queueMicrotask(() => other?.onMessage.emit(copy, other));
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    const other = this.other;
    if (other?.connected) {
      other.connected = false;
      queueMicrotask(() => other.onDisconnect.emit(other));
    }
  }
}

export interface FakeExtension {
  /** The API as the background (and the popup) see it. */
  browser: ExtensionApi;
  /** The API as a content script in `sender` sees it. */
  asContent(sender: MessageSender): ContentExtensionApi;
  /** A port opened by a content script in `sender`; returns the content script's end. */
  connect(name: string, sender: MessageSender): FakePort;
  /** What `tabs.sendMessage(tabId, …)` reaches: one handler per tab (its content script). */
  tabHandlers: Map<number, TabHandler>;
  registeredScripts: Map<string, ContentScript>;
  /** Closes a tab: gone from `tabs.query`, `tabs.onRemoved` fired. */
  closeTab(tabId: number): Promise<void>;
}

/** Resets WXT's fake browser (storage, tabs, windows, listeners) and returns a fresh extension around it. */
export function fakeExtension(): FakeExtension {
  fakeBrowser.reset();
  const onConnect = new PortEvent<(port: PortLike) => void>();
  const tabHandlers = new Map<number, TabHandler>();
  const registeredScripts = new Map<string, ContentScript>();
  const self: MessageSender = { id: fakeBrowser.runtime.id };

  const sendMessage = async (message: unknown, sender: MessageSender): Promise<unknown> => {
    let answer: { value: unknown } | null = null;
    let answered: (() => void) | null = null;
    const sendResponse = (response: unknown) => {
      answer ??= { value: clone(response) };
      answered?.();
    };
    // The library's event passes whatever arguments it is triggered with on to the listeners.
    const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (...args: Parameters<RuntimeListener>) => Promise<unknown[]>;
    const results = await trigger(clone(message), sender, sendResponse);
    if (!answer && results.includes(true)) await new Promise<void>((resolve) => (answered = resolve));
    return (answer as { value: unknown } | null)?.value;
  };

  const connect = (name: string, sender: MessageSender): FakePort => {
    const mine = new FakePort(name, sender);
    const theirs = new FakePort(name, sender);
    mine.other = theirs;
    theirs.other = mine;
    queueMicrotask(() => onConnect.emit(theirs));
    return mine;
  };

  const runtime: ExtensionApi["runtime"] = {
    id: fakeBrowser.runtime.id,
    getURL: (path) => fakeBrowser.runtime.getURL(path),
    onMessage: fakeBrowser.runtime.onMessage as unknown as ExtensionApi["runtime"]["onMessage"],
    sendMessage: (message) => sendMessage(message, self),
    connect: ({ name }) => connect(name, self),
    onConnect,
  };

  const browser: ExtensionApi = {
    runtime,
    tabs: {
      ...(fakeBrowser.tabs as unknown as ExtensionApi["tabs"]),
      sendMessage: async (tabId, message, options) => {
        const handler = tabHandlers.get(tabId);
        if (!handler) throw new Error("Could not establish connection. Receiving end does not exist.");
        return clone(await handler(clone(message), options?.frameId ?? 0));
      },
    },
    windows: fakeBrowser.windows,
    permissions: { request: async () => true },
    scripting: {
      getRegisteredContentScripts: async (filter) => [...registeredScripts.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)).map(clone),
      registerContentScripts: async (scripts) => {
        for (const script of scripts) {
          if (registeredScripts.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
          registeredScripts.set(script.id, clone(script));
        }
      },
      unregisterContentScripts: async (filter) => {
        for (const id of filter?.ids ?? [...registeredScripts.keys()]) registeredScripts.delete(id);
      },
    },
  };

  return {
    browser,
    asContent: (sender) => ({
      runtime: { ...runtime, sendMessage: (message) => sendMessage(message, sender), connect: ({ name }) => connect(name, sender) },
    }),
    connect,
    tabHandlers,
    registeredScripts,
    closeTab: async (tabId) => {
      const tab = await fakeBrowser.tabs.get(tabId);
      await fakeBrowser.tabs.remove(tabId).catch(() => undefined);
      await fakeBrowser.tabs.onRemoved.trigger(tabId, { windowId: tab?.windowId ?? 0, isWindowClosing: false });
    },
  };
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * A small in-memory WebExtension API for unit tests (Jest): runtime messages and ports between
 * "contexts", and tabs. Only what ExtensionApi declares (storage goes through WXT's storage items).
 */
import type { EventLike, ExtensionApi, MessageSender, PortLike, TabInfo } from "../platform/extension-api";

class FakeEvent<F extends (...args: never[]) => unknown> implements EventLike<F> {
  readonly listeners = new Set<F>();
  addListener(listener: F): void {
    this.listeners.add(listener);
  }
  removeListener(listener: F): void {
    this.listeners.delete(listener);
  }
  emit(...args: Parameters<F>): unknown[] {
    return [...this.listeners].map((listener) => listener(...args));
  }
}

export class FakePort implements PortLike {
  readonly onMessage = new FakeEvent<(message: unknown, port: PortLike) => void>();
  readonly onDisconnect = new FakeEvent<(port: PortLike) => void>();
  other: FakePort | null = null;
  connected = true;
  readonly sent: unknown[] = [];

  constructor(
    readonly name: string,
    readonly sender?: MessageSender,
  ) {}

  postMessage(message: unknown): void {
    if (!this.connected) throw new Error("Attempting to use a disconnected port object");
    this.sent.push(message);
    const other = this.other;
    // Asynchronous, JSON-cloned and in order (a message posted just before disconnect() still
    // arrives, before the disconnect event), like the real thing.
    const copy = JSON.parse(JSON.stringify(message)) as unknown;
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

export class FakeBrowser implements ExtensionApi {
  private nextTabId = 1;
  readonly tabList = new Map<number, TabInfo>();
  /** What `tabs.sendMessage(tabId, …)` reaches: one handler per tab (a content script). */
  readonly tabHandlers = new Map<number, (message: unknown, frameId: number) => Promise<unknown>>();
  readonly onRuntimeMessage = new FakeEvent<(message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined>();
  readonly onRuntimeConnect = new FakeEvent<(port: PortLike) => void>();
  readonly onTabRemoved = new FakeEvent<(tabId: number) => void>();
  readonly onTabUpdated = new FakeEvent<(tabId: number, change: { url?: string; title?: string; status?: string }, tab: TabInfo) => void>();
  readonly focusedWindows: number[] = [];

  runtime: ExtensionApi["runtime"] = {
    id: "fake-extension-id",
    sendMessage: (message) => this.sendRuntimeMessage(message, { id: "fake-extension-id" }),
    onMessage: this.onRuntimeMessage,
    connect: ({ name }) => this.connect(name, { id: "fake-extension-id" }),
    onConnect: this.onRuntimeConnect,
    getURL: (path) => `chrome-extension://fake-extension-id/${path.replace(/^\//, "")}`,
  };

  tabs: ExtensionApi["tabs"] = {
    query: async () => [...this.tabList.values()].map((t) => ({ ...t })),
    get: async (tabId) => {
      const tab = this.tabList.get(tabId);
      if (!tab) throw new Error(`No tab with id: ${tabId}.`);
      return { ...tab };
    },
    create: async ({ url, active }) => this.addTab(url, { active: active ?? true }),
    update: async (tabId, { url, active }) => {
      const tab = this.tabList.get(tabId);
      if (!tab) throw new Error(`No tab with id: ${tabId}.`);
      if (url !== undefined) {
        tab.url = url;
        this.onTabUpdated.emit(tabId, { url }, { ...tab });
      }
      if (active !== undefined) tab.active = active;
      return { ...tab };
    },
    sendMessage: async (tabId, message, options) => {
      const handler = this.tabHandlers.get(tabId);
      if (!handler) throw new Error("Could not establish connection. Receiving end does not exist.");
      return handler(clone(message), options?.frameId ?? 0);
    },
    onRemoved: this.onTabRemoved,
    onUpdated: this.onTabUpdated,
  };

  windows = {
    update: async (windowId: number) => {
      this.focusedWindows.push(windowId);
      return {};
    },
  };

  permissions = { request: async () => true };

  readonly registeredScripts = new Map<string, { id: string; matches: string[]; js: string[] }>();
  scripting: NonNullable<ExtensionApi["scripting"]> = {
    getRegisteredContentScripts: async (filter) =>
      [...this.registeredScripts.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)).map((s) => clone(s)),
    registerContentScripts: async (scripts) => {
      for (const script of scripts) {
        if (this.registeredScripts.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
        this.registeredScripts.set(script.id, clone(script));
      }
    },
    unregisterContentScripts: async (filter) => {
      for (const id of filter?.ids ?? [...this.registeredScripts.keys()]) this.registeredScripts.delete(id);
    },
  };

  addTab(url: string, extra: Partial<TabInfo> = {}): TabInfo {
    const tab: TabInfo = { id: this.nextTabId++, url, title: extra.title ?? "", windowId: 1, active: false, ...extra };
    this.tabList.set(tab.id!, tab);
    return { ...tab };
  }

  removeTab(tabId: number): void {
    this.tabList.delete(tabId);
    this.onTabRemoved.emit(tabId);
  }

  /** A runtime message as a content script in `sender` would send it. */
  sendRuntimeMessage(message: unknown, sender: MessageSender): Promise<unknown> {
    return new Promise((resolve) => {
      let answered = false;
      const results = this.onRuntimeMessage.emit(clone(message), sender, (response) => {
        answered = true;
        resolve(clone(response));
      });
      if (!answered && !results.includes(true)) resolve(undefined);
    });
  }

  /** A port opened by a content script in `sender`; returns the content script's end. */
  connect(name: string, sender: MessageSender): FakePort {
    const mine = new FakePort(name, sender);
    const theirs = new FakePort(name, sender);
    mine.other = theirs;
    theirs.other = mine;
    queueMicrotask(() => this.onRuntimeConnect.emit(theirs));
    return mine;
  }

  /** A view of the API as the content script in `sender` sees it. */
  asContent(sender: MessageSender): Pick<ExtensionApi, "runtime"> {
    return {
      runtime: {
        ...this.runtime,
        sendMessage: (message) => this.sendRuntimeMessage(message, sender),
        connect: ({ name }) => this.connect(name, sender),
      },
    };
  }
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

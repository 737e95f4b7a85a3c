/**
 * The slice of the WebExtension API the extension uses, as plain interfaces. Entry points pass the
 * real `browser`; unit tests pass a small fake. Chrome (MV3) and Firefox both return promises here.
 * Storage is not here: it goes through WXT's storage items (../storage/storage-items.ts).
 */

export interface EventLike<F extends (...args: never[]) => unknown> {
  addListener(listener: F): void;
  removeListener(listener: F): void;
}

export interface TabInfo {
  id?: number;
  url?: string;
  title?: string;
  windowId?: number;
  active?: boolean;
}

export interface MessageSender {
  tab?: TabInfo;
  frameId?: number;
  url?: string;
  id?: string;
}

export interface PortLike {
  name: string;
  sender?: MessageSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: EventLike<(message: unknown, port: PortLike) => void>;
  onDisconnect: EventLike<(port: PortLike) => void>;
}

export interface RuntimeLike {
  id: string;
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: EventLike<(message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined>;
  connect(info: { name: string }): PortLike;
  onConnect: EventLike<(port: PortLike) => void>;
  getURL(path: string): string;
}

export interface TabsLike {
  query(query: { url?: string | string[]; active?: boolean; currentWindow?: boolean; lastFocusedWindow?: boolean }): Promise<TabInfo[]>;
  get(tabId: number): Promise<TabInfo>;
  create(properties: { url: string; active?: boolean }): Promise<TabInfo>;
  update(tabId: number, properties: { url?: string; active?: boolean }): Promise<TabInfo | undefined>;
  sendMessage(tabId: number, message: unknown, options?: { frameId?: number }): Promise<unknown>;
  onRemoved: EventLike<(tabId: number) => void>;
  onUpdated: EventLike<(tabId: number, change: { url?: string; title?: string; status?: string }, tab: TabInfo) => void>;
}

export interface ExtensionApi {
  runtime: RuntimeLike;
  tabs: TabsLike;
  windows?: { update(windowId: number, info: { focused: boolean }): Promise<unknown> };
  permissions?: { request(permissions: { origins: string[] }): Promise<boolean> };
  scripting?: {
    getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<{ id: string; matches?: string[] }[]>;
    registerContentScripts(scripts: { id: string; matches: string[]; js: string[]; runAt?: "document_start" | "document_end" | "document_idle" }[]): Promise<void>;
    unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
  };
}

/** The subset a content script may use (no tabs API there). */
export type ContentExtensionApi = Pick<ExtensionApi, "runtime">;

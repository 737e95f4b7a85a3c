/** Brings up a tab already playing the same media as `url` (other URL details aside), or opens one. */
import { mediaKeyOf } from "../adapters/registry";
import type { ExtensionApi, TabInfo } from "../platform/extension-api";

export async function openOrFocusTab(ext: ExtensionApi, url: string): Promise<TabInfo> {
  const key = mediaKeyOf(url);
  if (key) {
    const tabs = await ext.tabs.query({});
    const existing = tabs.find((tab) => tab.url && tab.id !== undefined && mediaKeyOf(tab.url) === key);
    if (existing?.id !== undefined) {
      await ext.tabs.update(existing.id, { active: true });
      if (existing.windowId !== undefined) await ext.windows?.update(existing.windowId, { focused: true }).catch(() => undefined);
      return existing;
    }
  }
  return ext.tabs.create({ url, active: true });
}

/**
 * The manifest runs the site bridge on the build's server only; a server set in the popup gets the
 * same script registered at run time (and unregistered when the build's server is back).
 */
import { originMatchPatterns } from "../config/server-url";
import type { BackgroundContext } from "./background-context";

export const SITE_SCRIPT_ID = "viewparty-site-runtime";

export async function syncSiteScript({ ext, store, defaultServerUrl }: BackgroundContext): Promise<void> {
  const scripting = ext.scripting;
  if (!scripting) return;
  const { serverUrl } = await store.settings();
  const registered = await scripting.getRegisteredContentScripts({ ids: [SITE_SCRIPT_ID] });
  const wanted = serverUrl === defaultServerUrl ? null : originMatchPatterns(serverUrl);
  if (registered.length > 0 && JSON.stringify(registered[0]?.matches) === JSON.stringify(wanted)) return;
  if (registered.length > 0) await scripting.unregisterContentScripts({ ids: [SITE_SCRIPT_ID] });
  if (wanted) await scripting.registerContentScripts([{ id: SITE_SCRIPT_ID, matches: wanted, js: ["content-scripts/site.js"], runAt: "document_start" }]);
}

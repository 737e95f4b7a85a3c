/** The popup's server setting: another server means another identity and party, and the site bridge follows it. */
import { normalizeServerUrl } from "../config/server-url";
import type { BackgroundContext } from "./background-context";
import type { PartyTabs } from "./party-tabs";
import { syncSiteScript } from "./site-script-registration";

/** Returns the server's origin as kept. */
export async function changeServer(context: BackgroundContext, tabs: PartyTabs, raw: string): Promise<string> {
  const serverUrl = normalizeServerUrl(raw);
  if (!serverUrl) throw new Error("Enter an http(s) address, e.g. https://viewparty.example.");
  const { store } = context;
  const current = await store.settings();
  if (current.serverUrl !== serverUrl) {
    tabs.detachAll("The server changed.");
    await store.setParty(null);
    await store.setSession(null);
    await store.setSettings({ serverUrl });
    await syncSiteScript(context);
  }
  return serverUrl;
}

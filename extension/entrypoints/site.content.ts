// The ViewParty site only (added to the manifest for the configured origin in wxt.config.ts).
import { browser } from "wxt/browser";
import { defineContentScript } from "wxt/utils/define-content-script";
import { installSiteBridge } from "../src/site/site-bridge";
import { ExtensionStore } from "../src/storage/extension-store";
import type { ContentExtensionApi } from "../src/platform/extension-api";

export default defineContentScript({
  registration: "runtime",
  runAt: "document_start",
  main() {
    const ext = browser as unknown as ContentExtensionApi;
    const store = new ExtensionStore({ serverUrl: __VP_SERVER_URL__ });
    installSiteBridge(window, ext.runtime, store.settings().then((settings) => settings.serverUrl));
  },
});

// The service worker: all network calls (the API has no CORS) and the party connections.
import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { BackgroundController } from "../src/background/controller";
import type { ExtensionApi } from "../src/platform/extension-api";

export default defineBackground(() => {
  void new BackgroundController(browser as unknown as ExtensionApi, { defaultServerUrl: __VP_SERVER_URL__ }).start();
});

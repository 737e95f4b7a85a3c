// Every page and frame: idle until this browser is in a party and this tab plays it.
import { browser } from "wxt/browser";
import { defineContentScript } from "wxt/utils/define-content-script";
import { PlayerContentScript } from "../src/content/player-main";
import type { ContentExtensionApi } from "../src/platform/extension-api";

export default defineContentScript({
  matches: ["http://*/*", "https://*/*"],
  allFrames: true,
  runAt: "document_idle",
  main() {
    new PlayerContentScript(browser as unknown as ContentExtensionApi, window).start();
  },
});

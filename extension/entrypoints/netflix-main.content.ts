// Netflix's page world: runs seeks through Netflix's player API (see src/adapters/netflix.ts).
import { defineContentScript } from "wxt/utils/define-content-script";
import { installNetflixBridge } from "../src/adapters/netflix";

export default defineContentScript({
  matches: ["https://*.netflix.com/*"],
  world: "MAIN",
  runAt: "document_idle",
  main() {
    installNetflixBridge(window);
  },
});

/**
 * The browser extension's builds: the browsers it is built for, the folder WXT writes each one to, and
 * the name it is downloaded under. Plain JavaScript so that the scripts that build them (`npm start`,
 * `npm run build:extension`) and the site that offers them (/get-extension) read one definition.
 */
import path from "node:path";

export const EXTENSION_TARGETS = Object.freeze({
  chrome: Object.freeze({ dir: "chrome-mv3", label: "Chrome and Edge", file: "viewparty-extension-chrome.zip" }),
  firefox: Object.freeze({ dir: "firefox-mv3", label: "Firefox", file: "viewparty-extension-firefox.zip" }),
});

/** Where the builds live: VP_EXTENSION_OUT_DIR (a relative one from the repository root) or extension/.output. */
export function extensionOutDir(root, configured) {
  return path.resolve(root, configured || path.join("extension", ".output"));
}

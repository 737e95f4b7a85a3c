/**
 * The manifest fields WXT does not derive from the entrypoints. The Chrome `key` pins the extension id
 * (fogijhnlehcimhopikgffmojgfjiooji) so the site, the README and tests can name it; Firefox gets a
 * fixed add-on id instead.
 */
import { originMatchPatterns } from "./server-url";

/** Public half of the signing key; the id is derived from it. */
export const CHROME_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvbtBIqQxBkTSo69MjxEZ6k6cgzE6drB0XjtlBsmyLti44oFVcbl7dkDBNPCz+S3p1+WKjxkj6wvTmvZQlJ0JeAMw+mF+nJxJ9Q9Q+VFXZ5ggOjlnr+xeylkiBlX+SDrOWnwqaywteUngjKvIJ6PK/T18duqduWx8cOrISevs+I8x7BAm7tW2GepokxvL5UsnvUEHsxMBfmNCYea3oy8MRvqWH0q5S/t/WilFkXdvTFT2eKTNKZ2J23pR4TKaD6xdY3gI+YDJQ6ROd7HycHaWflkoD1rMofibL5VviY5YTUo7CNoTmucjlBBp7riN+UoVZsoIjkvvJlaG/z4NAiymxQIDAQAB";
export const CHROME_EXTENSION_ID = "fogijhnlehcimhopikgffmojgfjiooji";
export const FIREFOX_ADDON_ID = "extension@viewparty.app";

export function buildManifest({ browser, serverUrl, version }: { browser: string; serverUrl: string; version: string }) {
  const firefox = browser === "firefox";
  return {
    name: "ViewParty",
    short_name: "ViewParty",
    description: "Watch together in sync: the host's play, pause and seek are followed by everyone, with chat and drawing.",
    version,
    // scripting: the site bridge is registered for a server chosen later in the popup's settings.
    permissions: ["storage", "tabs", "scripting"],
    // The API sends no CORS headers: the background calls it with this host permission. Match
    // patterns carry no port (Firefox rejects one), so the host's pattern covers the server's port.
    host_permissions: originMatchPatterns(serverUrl),
    // A server set later in the popup's settings is asked for at that moment.
    optional_host_permissions: ["http://*/*", "https://*/*"],
    action: { default_title: "ViewParty" },
    // The overlay's voice frame is embedded in streaming sites' pages (extension/src/voice/frame-messages.ts).
    web_accessible_resources: [{ resources: ["voice-frame.html"], matches: ["http://*/*", "https://*/*"] }],
    ...(firefox
      ? { browser_specific_settings: { gecko: { id: FIREFOX_ADDON_ID, strict_min_version: "128.0" } } }
      : { key: CHROME_PUBLIC_KEY, minimum_chrome_version: "116" }),
  };
}

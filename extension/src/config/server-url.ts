/** The ViewParty server (API + website) the extension talks to: one http(s) origin. */

/** `https://example.com/some/path/` → `https://example.com`; null when not an http(s) URL. */
export function normalizeServerUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.origin;
}

/**
 * Match patterns covering the origin. Match patterns carry no port (Chrome and Firefox match every
 * port of the host), so code that runs there still compares `location.origin` with the setting.
 */
export function originMatchPatterns(origin: string): string[] {
  const url = new URL(origin);
  return [`${url.protocol}//${url.hostname}/*`];
}

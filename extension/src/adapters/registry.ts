/** Which adapter serves a host: the first site adapter that claims it, else the generic `<video>` one. */
import { crunchyrollAdapter } from "./crunchyroll";
import { disneyAdapter } from "./disney";
import { genericAdapter } from "./generic";
import { huluAdapter } from "./hulu";
import { maxAdapter } from "./max";
import { netflixAdapter } from "./netflix";
import { primeAdapter } from "./prime";
import { twitchAdapter } from "./twitch";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { youtubeAdapter } from "./youtube";

export const SITE_ADAPTERS: readonly SiteAdapter[] = [
  youtubeAdapter,
  netflixAdapter,
  disneyAdapter,
  primeAdapter,
  maxAdapter,
  huluAdapter,
  twitchAdapter,
  crunchyrollAdapter,
];

export function adapterForHost(hostname: string): SiteAdapter {
  return SITE_ADAPTERS.find((adapter) => adapter.matchesHost(hostname)) ?? genericAdapter;
}

export function adapterForUrl(url: string | URL): SiteAdapter | null {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return adapterForHost(parsed.hostname);
}

/** The media identity of a tab URL (null: not a page the extension can sync). */
export function mediaKeyOf(url: string): string | null {
  const adapter = adapterForUrl(url);
  if (!adapter) return null;
  return adapter.mediaKey(new URL(url));
}

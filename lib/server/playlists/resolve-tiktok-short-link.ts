import "server-only";
/**
 * TikTok short links (vm.tiktok.com/…, vt.tiktok.com/…, tiktok.com/t/…) redirect to the full video
 * URL. When outbound requests are allowed (VP_RESOLVE_SHORT_LINKS=1, the default) the server follows
 * those redirects, without downloading any page, to store the full link; offline, or when TikTok
 * does not answer in time, the short link is kept as it is and opens in a tab instead of embedding.
 * Only the parser's own TikTok hosts are ever requested, so a user cannot aim this at another host.
 */
import { parseMediaUrl, type MediaLink } from "@/lib/media/parse-media-url";
import { getEnv } from "@/lib/server/env";

const MAX_REDIRECTS = 4;
const TIMEOUT_MS = 4000;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export async function resolveTiktokShortLink(shortUrl: string, fetchImpl: Fetch = fetch, timeoutMs = TIMEOUT_MS): Promise<MediaLink | null> {
  let current = parseMediaUrl(shortUrl);
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; hop < MAX_REDIRECTS; hop += 1) {
    if (!current || current.platform !== "tiktok") return null;
    if (current.id !== null) return current;
    let res: Response;
    try {
      res = await fetchImpl(current.url, { method: "HEAD", redirect: "manual", signal });
    } catch {
      return null;
    }
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return null;
    current = parseMediaUrl(new URL(location, current.url).toString());
  }
  return current?.platform === "tiktok" && current.id !== null ? current : null;
}

export async function resolveShortLinkIfEnabled(shortUrl: string): Promise<MediaLink | null> {
  if (getEnv().VP_RESOLVE_SHORT_LINKS !== "1") return null;
  return resolveTiktokShortLink(shortUrl);
}

/**
 * Platform names derived from a party's platform domain (Netflix, Disney+, YouTube, Hulu,
 * HBO Max, Paramount+, Peacock, StarPlus), plus the other sites the extension and the watch room support.
 */
const PLATFORMS: { name: string; match: RegExp }[] = [
  { name: "Netflix", match: /(^|\.)netflix\.com$/ },
  { name: "Disney+", match: /(^|\.)disneyplus\.com$/ },
  { name: "YouTube", match: /(^|\.)(youtube\.com|youtu\.be)$/ },
  { name: "Hulu", match: /(^|\.)hulu\.com$/ },
  { name: "HBO Max", match: /(^|\.)(hbomax\.com|max\.com)$/ },
  { name: "Paramount+", match: /(^|\.)paramountplus\.com$/ },
  { name: "Peacock", match: /(^|\.)peacocktv\.com$/ },
  { name: "StarPlus", match: /(^|\.)starplus\.com$/ },
  { name: "Prime Video", match: /(^|\.)(primevideo\.com|amazon\.[a-z.]+)$/ },
  { name: "Twitch", match: /(^|\.)twitch\.tv$/ },
  { name: "Crunchyroll", match: /(^|\.)crunchyroll\.com$/ },
  { name: "TikTok", match: /(^|\.)tiktok\.com$/ },
];

export function normalizeDomain(domainOrUrl: string): string {
  const raw = domainOrUrl.trim().toLowerCase();
  try {
    return new URL(raw.includes("://") ? raw : `https://${raw}`).hostname.replace(/^www\./, "");
  } catch {
    return raw.replace(/^www\./, "");
  }
}

/** "Netflix" for netflix.com; the bare domain for sites without a known name; null for nothing. */
export function platformName(domain: string | null | undefined): string | null {
  if (!domain) return null;
  const host = normalizeDomain(domain);
  return PLATFORMS.find((p) => p.match.test(host))?.name ?? host;
}

/** Absolute URLs on the public site (canonical links, sitemap, structured data). */
import { publicConfig } from "@/lib/config/public-config";

export const DEFAULT_OG_IMAGE = {
  path: "/og/viewparty-og.jpg",
  width: 1200,
  height: 630,
  alt: "ViewParty — watch movies & TV together online",
} as const;

/** `path` must start with "/"; "/" itself maps to the bare site URL. */
export function absoluteUrl(path: string): string {
  return path === "/" ? `${publicConfig.siteUrl}/` : `${publicConfig.siteUrl}${path}`;
}

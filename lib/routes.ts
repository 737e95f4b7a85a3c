/**
 * The site's routes, once: every top-level URL the app serves, with what each consumer needs from it
 * — the header and footer links (label and position), the sitemap entry (priority, change frequency)
 * — and, implicitly, the reserved usernames (`/{username}` is the public profile, so each route's first
 * segment can never be a username). Adding a page here puts it everywhere it belongs; a unit test checks
 * that every folder under app/ is listed.
 *
 * Array order is the sitemap's order; the header and footer each carry their own position because
 * their orders differ from it and from each other.
 */

export type ChangeFrequency = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export interface NavPlacement {
  /** The link text (a requirement: shown to users word for word). */
  label: string;
  /** 1-based position among that bar's links. */
  position: number;
}

export interface HeaderPlacement extends NavPlacement {
  /** Other path prefixes that belong to this section, so its link is marked current there too. */
  alsoCurrentOn?: readonly string[];
}

export interface SiteRoute {
  /** Site-relative path of the route (its first segment is what the app/ folder is called). */
  path: `/${string}`;
  header?: HeaderPlacement;
  footer?: NavPlacement;
  /** Present for the indexable pages outside the blog (the blog's posts are added by the sitemap itself). */
  sitemap?: { priority: number; changeFrequency: ChangeFrequency };
}

export const SITE_ROUTES = [
  // Indexable pages, in sitemap order.
  { path: "/", sitemap: { priority: 1, changeFrequency: "weekly" } },
  {
    path: "/parties",
    header: { label: "Watch Parties", position: 3, alsoCurrentOn: ["/scheduled-parties", "/watch/"] },
    sitemap: { priority: 0.9, changeFrequency: "hourly" },
  },
  {
    path: "/getting-started",
    header: { label: "Getting Started", position: 1 },
    sitemap: { priority: 0.8, changeFrequency: "monthly" },
  },
  { path: "/get-extension", sitemap: { priority: 0.8, changeFrequency: "monthly" } },
  {
    path: "/streaming-guide",
    header: { label: "Streaming Guide", position: 2 },
    footer: { label: "Streaming Guide", position: 1 },
    sitemap: { priority: 0.8, changeFrequency: "monthly" },
  },
  { path: "/faqs", header: { label: "FAQs", position: 5 }, sitemap: { priority: 0.7, changeFrequency: "monthly" } },
  {
    path: "/about",
    header: { label: "About", position: 6 },
    footer: { label: "About Us", position: 2 },
    sitemap: { priority: 0.6, changeFrequency: "monthly" },
  },
  { path: "/blogs", header: { label: "Blogs", position: 4 }, sitemap: { priority: 0.7, changeFrequency: "weekly" } },
  { path: "/contact", footer: { label: "Contact Us", position: 3 }, sitemap: { priority: 0.4, changeFrequency: "yearly" } },
  {
    path: "/privacy-policy",
    footer: { label: "Privacy Policy", position: 5 },
    sitemap: { priority: 0.3, changeFrequency: "yearly" },
  },
  {
    path: "/terms-of-service",
    footer: { label: "Terms of Service", position: 4 },
    sitemap: { priority: 0.3, changeFrequency: "yearly" },
  },
  // Pages that are not indexed (signed-in, per-party or flow pages).
  { path: "/scheduled-parties" },
  { path: "/playlists" },
  { path: "/playlist" },
  { path: "/playlist-landing" },
  { path: "/add-video" },
  { path: "/add" },
  { path: "/profile" },
  { path: "/watch" },
  { path: "/start" },
  { path: "/recordings" },
  { path: "/r" },
  { path: "/extension-auth" },
  { path: "/auth" },
  { path: "/kick-auth-callback" },
  // Not pages: the API and the files Next serves from app/.
  { path: "/api" },
  { path: "/sitemap.xml" },
  { path: "/robots.txt" },
  // The site icon (app/icon.svg), served under its own name: usernames may contain dots.
  { path: "/icon.svg" },
] as const satisfies readonly SiteRoute[];

export interface NavLink {
  href: string;
  label: string;
  alsoCurrentOn?: readonly string[];
}

function navLinks(place: "header" | "footer"): NavLink[] {
  return (SITE_ROUTES as readonly SiteRoute[])
    .flatMap((route) => {
      const placement: HeaderPlacement | undefined = route[place];
      return placement ? [{ route, placement }] : [];
    })
    .sort((a, b) => a.placement.position - b.placement.position)
    .map(({ route, placement }) => ({
      href: route.path,
      label: placement.label,
      ...(placement.alsoCurrentOn ? { alsoCurrentOn: placement.alsoCurrentOn } : {}),
    }));
}

/** The header's section links, in order. */
export const HEADER_LINKS: readonly NavLink[] = navLinks("header");
/** The footer's links, in order. */
export const FOOTER_LINKS: readonly NavLink[] = navLinks("footer");

export interface SitemapPage {
  path: string;
  priority: number;
  changeFrequency: ChangeFrequency;
}

/** The indexable pages outside the blog, in sitemap order. */
export const SITEMAP_PAGES: readonly SitemapPage[] = (SITE_ROUTES as readonly SiteRoute[]).flatMap((route) =>
  route.sitemap ? [{ path: route.path, ...route.sitemap }] : [],
);

/** The first path segment of every route ("" for the home page is left out). */
export const ROUTE_SEGMENTS: readonly string[] = SITE_ROUTES.flatMap((route) => {
  const segment = route.path.split("/")[1] ?? "";
  return segment ? [segment] : [];
});

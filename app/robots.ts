// GET /robots.txt – crawl everything public; keep crawlers out of the API and per-user pages.
import type { MetadataRoute } from "next";
import { publicConfig } from "@/lib/config/public-config";
import { absoluteUrl } from "@/lib/seo/site-url";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/api/", "/profile", "/extension-auth", "/auth/", "/kick-auth-callback"],
    },
    sitemap: absoluteUrl("/sitemap.xml"),
    host: publicConfig.siteUrl,
  };
}

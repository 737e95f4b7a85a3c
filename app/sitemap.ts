// GET /sitemap.xml – every public content page, the party list and all blog posts.
import type { MetadataRoute } from "next";
import { listPosts } from "@/lib/blog/list-posts";
import { BLOG_PUBLICATION_DATE } from "@/lib/constants";
import { SITEMAP_PAGES } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo/site-url";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const posts = await listPosts();
  return [
    ...SITEMAP_PAGES.map((page) => ({
      url: absoluteUrl(page.path),
      changeFrequency: page.changeFrequency,
      priority: page.priority,
    })),
    ...posts.map((post) => ({
      url: absoluteUrl(`/blogs/${post.slug}`),
      lastModified: BLOG_PUBLICATION_DATE,
      changeFrequency: "yearly" as const,
      priority: 0.6,
    })),
  ];
}

/** Front matter contract of a blog post (`content/blogs/<slug>.md`) and the types built on it. */
import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_READ_TIME_MAX, BLOG_READ_TIME_MIN } from "@/lib/constants";

/** Lower-case words joined by single hyphens: safe as a file name and a URL segment. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogFrontMatterSchema = z.object({
  slug: z.string().regex(BLOG_SLUG_PATTERN),
  title: z.string().min(1),
  summary: z.string().min(1),
  readTime: z.number().int().min(BLOG_READ_TIME_MIN).max(BLOG_READ_TIME_MAX),
  category: z.enum(BLOG_CATEGORIES),
  /** Site-relative path of an image shipped in `public/blog/`. */
  banner: z.string().regex(/^\/blog\/[a-z0-9-]+\.(?:svg|png|jpg|webp)$/),
  /** Position on the blog index (ascending). */
  order: z.number().int().min(0),
});

export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export type BlogPostMeta = z.infer<typeof blogFrontMatterSchema>;

export interface BlogPost extends BlogPostMeta {
  /** Markdown body without front matter. */
  markdown: string;
  /** Sanitized HTML rendered from `markdown`. */
  html: string;
}

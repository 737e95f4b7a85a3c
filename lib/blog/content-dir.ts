/** Where blog markdown lives, and how a slug maps to a file (never a path outside that folder). */
import path from "node:path";
import { BLOG_SLUG_PATTERN } from "./post-schema";

export const BLOG_CONTENT_DIR = path.join(process.cwd(), "content", "blogs");

/** The file for `slug`, or null when the slug could not name a post (e.g. `../secrets`). */
export function postFilePath(slug: string, dir: string = BLOG_CONTENT_DIR): string | null {
  return BLOG_SLUG_PATTERN.test(slug) ? path.join(dir, `${slug}.md`) : null;
}

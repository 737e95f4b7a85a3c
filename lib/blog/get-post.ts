/** One post by slug, as the three outcomes the post page shows: found, not found, failed to load. */
import { access } from "node:fs/promises";
import { BLOG_CONTENT_DIR, postFilePath } from "./content-dir";
import { parsePostFile } from "./parse-post-file";
import type { BlogPost } from "./post-schema";
import { renderMarkdown } from "./render-markdown";

export type GetPostResult =
  | { status: "found"; post: BlogPost }
  | { status: "not-found" }
  | { status: "error" };

export async function postExists(slug: string, dir: string = BLOG_CONTENT_DIR): Promise<boolean> {
  const file = postFilePath(slug, dir);
  if (!file) return false;
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export async function getPost(slug: string, dir: string = BLOG_CONTENT_DIR): Promise<GetPostResult> {
  const file = postFilePath(slug, dir);
  if (!file || !(await postExists(slug, dir))) return { status: "not-found" };
  try {
    const { meta, markdown } = await parsePostFile(file);
    if (meta.slug !== slug) throw new Error(`front matter slug "${meta.slug}" differs from the file name`);
    return { status: "found", post: { ...meta, markdown, html: await renderMarkdown(markdown) } };
  } catch (error) {
    console.error(`Failed to load blog content for "${slug}":`, error);
    return { status: "error" };
  }
}

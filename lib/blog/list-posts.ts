/** Every post for the index, sitemap and static params, read from the markdown files' front matter. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { BLOG_CONTENT_DIR } from "./content-dir";
import { parsePostFile } from "./parse-post-file";
import type { BlogPostMeta } from "./post-schema";

/** Slugs that have a file, whether or not the file parses (a broken file is "failed", not "missing"). */
export async function listPostSlugs(dir: string = BLOG_CONTENT_DIR): Promise<string[]> {
  const files = await readdir(dir);
  return files
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .sort();
}

/** Metadata of every readable post, in index order. A broken file is logged and left out. */
export async function listPosts(dir: string = BLOG_CONTENT_DIR): Promise<BlogPostMeta[]> {
  const slugs = await listPostSlugs(dir);
  const results = await Promise.all(
    slugs.map(async (slug) => {
      try {
        const { meta } = await parsePostFile(path.join(dir, `${slug}.md`));
        if (meta.slug !== slug) throw new Error(`front matter slug "${meta.slug}" differs from the file name`);
        return meta;
      } catch (error) {
        console.error(`Blog post "${slug}" could not be read:`, error);
        return null;
      }
    }),
  );
  return results
    .filter((meta): meta is BlogPostMeta => meta !== null)
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

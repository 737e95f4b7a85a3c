/**
 * Every shipped post file, read the way the statically built blog pages read it: its front matter
 * holds each field the index and post pages show, with the right type, and both the fields and the
 * markdown body are exactly what they were when the snapshot was taken (a change of front-matter
 * parser must not change a page). A deliberate edit of a post updates the snapshot: `jest -u`.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { BLOG_CONTENT_DIR } from "@/lib/blog/content-dir";
import { parsePostFile } from "@/lib/blog/parse-post-file";

const slugs = readdirSync(BLOG_CONTENT_DIR)
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -".md".length))
  .sort();

test("there are posts to check", () => {
  expect(slugs.length).toBeGreaterThan(0);
});

test.each(slugs)("%s: front matter and body as the pages need them, unchanged", async (slug) => {
  const { meta, markdown } = await parsePostFile(path.join(BLOG_CONTENT_DIR, `${slug}.md`));

  expect(meta).toEqual({
    slug,
    title: expect.any(String),
    summary: expect.any(String),
    readTime: expect.any(Number),
    category: expect.any(String),
    banner: expect.stringMatching(/^\/blog\//),
    order: expect.any(Number),
  });
  // The body is the markdown after the closing fence, nothing of the front matter left in it.
  expect(markdown).not.toMatch(/^\s*---/);
  expect(markdown).not.toContain(`slug: ${slug}`);
  expect(markdown.trim().length).toBeGreaterThan(0);

  const body = { sha256: createHash("sha256").update(markdown).digest("hex"), length: markdown.length };
  expect({ meta, body }).toMatchSnapshot();
});

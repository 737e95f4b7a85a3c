/** The shipped blog content: 12 valid posts whose front matter matches the files and the spec. */
import { existsSync } from "node:fs";
import path from "node:path";
import { BLOG_CONTENT_DIR } from "@/lib/blog/content-dir";
import { listPosts, listPostSlugs } from "@/lib/blog/list-posts";
import { parsePostFile } from "@/lib/blog/parse-post-file";
import { countMarkdownWords, estimateReadTimeMinutes, WORDS_PER_MINUTE } from "@/lib/blog/read-time";
import {
  BLOG_CATEGORIES,
  BLOG_POST_COUNT,
  BLOG_READ_TIME_MAX,
  BLOG_READ_TIME_MIN,
} from "@/lib/constants";
import { SITEMAP_PAGES } from "@/lib/routes";

const REQUIRED_SLUGS = ["the-ultimate-guide-to-virtual-watch-parties", "the-complete-playbook-for-streamer-watch-parties"];

/** Each post's markdown body, read as the pages read it. */
const bodies = new Map<string, string>();
function bodyOf(slug: string): string {
  const body = bodies.get(slug);
  if (body === undefined) throw new Error(`no body read for ${slug}`);
  return body;
}

beforeAll(async () => {
  for (const slug of await listPostSlugs()) bodies.set(slug, (await parsePostFile(path.join(BLOG_CONTENT_DIR, `${slug}.md`))).markdown);
});

describe("blog content", () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errorSpy.mockRestore());

  it(`has exactly ${BLOG_POST_COUNT} posts, all readable, with unique slugs matching their file names`, async () => {
    const slugs = await listPostSlugs();
    const posts = await listPosts();
    expect(slugs).toHaveLength(BLOG_POST_COUNT);
    expect(posts.map((p) => p.slug).sort()).toEqual(slugs);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(BLOG_POST_COUNT);
    expect(new Set(posts.map((p) => p.order)).size).toBe(BLOG_POST_COUNT);
    expect(slugs).toEqual(expect.arrayContaining(REQUIRED_SLUGS));
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it("uses only the six categories, and every one of them", async () => {
    const categories = (await listPosts()).map((p) => p.category);
    for (const category of categories) expect(BLOG_CATEGORIES).toContain(category);
    expect(new Set(categories)).toEqual(new Set(BLOG_CATEGORIES));
  });

  it("ships every banner image in public/", async () => {
    for (const post of await listPosts()) {
      expect(existsSync(path.join(process.cwd(), "public", post.banner))).toBe(true);
    }
  });

  it(`states a read time (${BLOG_READ_TIME_MIN}–${BLOG_READ_TIME_MAX} min) that matches the word count at ${WORDS_PER_MINUTE} words/min`, async () => {
    for (const post of await listPosts()) {
      const words = countMarkdownWords(bodyOf(post.slug));
      expect({ slug: post.slug, readTime: post.readTime }).toEqual({
        slug: post.slug,
        readTime: estimateReadTimeMinutes(bodyOf(post.slug)),
      });
      expect(post.readTime).toBeGreaterThanOrEqual(BLOG_READ_TIME_MIN);
      expect(post.readTime).toBeLessThanOrEqual(BLOG_READ_TIME_MAX);
      // The claim holds both ways: not more than a minute's reading short of, or beyond, the body.
      expect(words).toBeGreaterThan((post.readTime - 1) * WORDS_PER_MINUTE);
      expect(words).toBeLessThanOrEqual(post.readTime * WORDS_PER_MINUTE);
    }
  });

  it("keeps the page outline: no <h1> in a body (the page title is the only one)", async () => {
    for (const post of await listPosts()) {
      expect(bodyOf(post.slug)).not.toMatch(/^# /m);
      expect(bodyOf(post.slug)).toMatch(/^## /m);
    }
  });

  it("links only to pages and posts that exist", async () => {
    const slugs = new Set(await listPostSlugs());
    const pages = new Set<string>(SITEMAP_PAGES.map((p) => p.path));
    for (const slug of slugs) {
      for (const [, target] of bodyOf(slug).matchAll(/\]\((\/[^)\s#]*)/g)) {
        const ok = pages.has(target ?? "") || slugs.has((target ?? "").replace(/^\/blogs\//, ""));
        expect({ slug, target, ok }).toEqual({ slug, target, ok: true });
      }
    }
  });
});

describe("read time", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

  it("rounds up to whole minutes at 200 words per minute", () => {
    expect(estimateReadTimeMinutes(words(200))).toBe(1);
    expect(estimateReadTimeMinutes(words(201))).toBe(2);
    expect(estimateReadTimeMinutes(words(800))).toBe(4);
    expect(estimateReadTimeMinutes(words(801))).toBe(5);
  });

  it("counts prose, not markup, link targets or code", () => {
    expect(countMarkdownWords("## Two words\n\n- **bold** [link text](https://example.com/a/b/c)\n\n```\nconst x = 1;\n```")).toBe(5);
  });
});

/** getPost's three outcomes (found, not found, failed to load) and listPosts' handling of bad files. */
import path from "node:path";
import { getPost, postExists } from "@/lib/blog/get-post";
import { listPosts, listPostSlugs } from "@/lib/blog/list-posts";

const FIXTURES = path.join(process.cwd(), "tests", "fixtures", "blogs");

describe("getPost", () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errorSpy.mockRestore());

  it("renders a shipped post", async () => {
    const result = await getPost("the-ultimate-guide-to-virtual-watch-parties");
    expect(result.status).toBe("found");
    if (result.status !== "found") return;
    expect(result.post.title).toBe("The Ultimate Guide to Virtual Watch Parties");
    expect(result.post.html).toContain("<h2>");
    expect(result.post.html).toContain('<a href="/getting-started">');
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it("answers not-found for unknown slugs and for anything that is not a slug", async () => {
    for (const slug of ["no-such-post", "../package", "..%2Fpackage", "Valid-Post", "valid-post.md", ""]) {
      expect(await getPost(slug, FIXTURES)).toEqual({ status: "not-found" });
      expect(await postExists(slug, FIXTURES)).toBe(false);
    }
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it("answers error, and logs it, when a post's file cannot be parsed or validated", async () => {
    for (const slug of ["broken-front-matter", "invalid-category"]) {
      errorSpy.mockClear();
      expect(await postExists(slug, FIXTURES)).toBe(true);
      expect(await getPost(slug, FIXTURES)).toEqual({ status: "error" });
      expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining(`Failed to load blog content for "${slug}"`), expect.anything());
    }
  });

  it("finds a valid fixture post", async () => {
    const result = await getPost("valid-post", FIXTURES);
    expect(result.status).toBe("found");
  });
});

describe("listPosts", () => {
  it("lists every file's slug but leaves broken posts out of the index, logging them", async () => {
    const errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(await listPostSlugs(FIXTURES)).toEqual(["broken-front-matter", "invalid-category", "valid-post"]);
    expect((await listPosts(FIXTURES)).map((p) => p.slug)).toEqual(["valid-post"]);
    expect(errorSpy).toHaveBeenCalledTimes(2);
    errorSpy.mockRestore();
  });
});

/** Reads one post file: validated front matter plus the markdown body. Throws on any defect. */
import { readFile } from "node:fs/promises";
import { VFile } from "vfile";
import { matter } from "vfile-matter";
import { blogFrontMatterSchema, type BlogPostMeta } from "./post-schema";

export interface ParsedPostFile {
  meta: BlogPostMeta;
  markdown: string;
}

export async function parsePostFile(filePath: string): Promise<ParsedPostFile> {
  const file = new VFile({ path: filePath, value: await readFile(filePath, "utf8") });
  // YAML front matter into file.data.matter, and out of the body the pages render.
  matter(file, { strip: true });
  return { meta: blogFrontMatterSchema.parse(file.data.matter), markdown: String(file) };
}

/** Reads one post file: validated front matter plus the markdown body. Throws on any defect. */
import { readFile } from "node:fs/promises";
import matter from "gray-matter";
import { blogFrontMatterSchema, type BlogPostMeta } from "./post-schema";

export interface ParsedPostFile {
  meta: BlogPostMeta;
  markdown: string;
}

export async function parsePostFile(filePath: string): Promise<ParsedPostFile> {
  const source = await readFile(filePath, "utf8");
  // A fresh options object keeps gray-matter from serving a cached parse of identical text.
  const { data, content } = matter(source, {});
  return { meta: blogFrontMatterSchema.parse(data), markdown: content };
}

/**
 * Markdown → sanitized HTML. Raw HTML in the source is dropped (remark-rehype without
 * allowDangerousHtml) and the result is sanitized again, so nothing in a post can run script.
 */
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/** The only link schemes a post may use (spec §2 Blogs); any other scheme loses its href. */
export const ALLOWED_LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...ALLOWED_LINK_PROTOCOLS], src: ["http", "https"] },
  strip: ["script", "style", "iframe", "object", "embed"],
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeStringify);

export async function renderMarkdown(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}

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

/** The only link schemes a post may use (Blogs); any other scheme loses its href. */
export const ALLOWED_LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...ALLOWED_LINK_PROTOCOLS], src: ["http", "https"] },
  strip: ["script", "style", "iframe", "object", "embed"],
  // Ids are prefixed once, by remark-rehype: it writes footnote ids *and* the links to them as
  // `user-content-fn-…`, while the sanitizer would prefix only the ids again (`user-content-user-content-…`)
  // and leave every footnote link pointing nowhere. That is safe from DOM clobbering because raw HTML is
  // dropped: the only ids and names in the tree are the footnotes' (already prefixed, since they carry the
  // author's text) and remark-rehype's fixed `footnote-label`. Re-enabling raw HTML would need this back.
  clobberPrefix: "",
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

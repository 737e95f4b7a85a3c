/** @jest-environment jsdom */
// Rendered markdown cannot run script: only http(s), irc(s), mailto and xmpp links keep their href.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ALLOWED_LINK_PROTOCOLS, renderMarkdown } from "@/lib/blog/render-markdown";

const fixture = readFileSync(path.join(process.cwd(), "tests", "fixtures", "markdown", "unsafe-links.md"), "utf8");

async function renderIntoDom(markdown: string): Promise<{ html: string; root: HTMLElement }> {
  const html = await renderMarkdown(markdown);
  const root = document.createElement("div");
  root.innerHTML = html;
  return { html, root };
}

function attributeValues(root: HTMLElement): string[] {
  return [...root.querySelectorAll("*")].flatMap((el) => el.getAttributeNames().map((name) => el.getAttribute(name) ?? ""));
}

describe("renderMarkdown sanitization", () => {
  it("allows exactly the spec's link protocols", () => {
    expect([...ALLOWED_LINK_PROTOCOLS]).toEqual(["http", "https", "irc", "ircs", "mailto", "xmpp"]);
  });

  it("blanks javascript:, data: and vbscript: links but keeps their text", async () => {
    const { html, root } = await renderIntoDom(fixture);
    for (const text of ["js link", "js upper", "js entity", "data link", "vbscript link"]) {
      const link = [...root.querySelectorAll("a")].find((a) => a.textContent === text);
      expect(link).toBeDefined();
      expect(link?.getAttribute("href") ?? "").toBe("");
    }
    // The autolink's text may still read "javascript:…" as inert text; no attribute may carry a scheme.
    expect(html).not.toMatch(/=\s*"[^"]*(?:javascript|vbscript|data):/i);
    for (const value of attributeValues(root)) expect(value).not.toMatch(/(?:javascript|vbscript|data):|alert\(/i);
    for (const img of root.querySelectorAll("img")) expect(img.getAttribute("src") ?? "").toBe("");
    const autolink = [...root.querySelectorAll("a")].find((a) => a.textContent?.includes("autolink"));
    expect(autolink?.hasAttribute("href")).toBe(false);
  });

  it("drops raw HTML: no script, iframe, style or event-handler attributes", async () => {
    const { html, root } = await renderIntoDom(fixture);
    expect(root.querySelectorAll("script, iframe, style, object, embed")).toHaveLength(0);
    expect(html).not.toMatch(/<script|<iframe|<style/i);
    expect(html).not.toMatch(/\bon[a-z]+\s*=/i);
    expect(root.textContent).not.toContain("raw script");
    expect(root.textContent).not.toContain("body { display");
    for (const value of attributeValues(root)) expect(value).not.toContain("alert(");
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
    }
  });

  it("keeps http, https, irc, ircs, mailto, xmpp and relative links", async () => {
    const { root } = await renderIntoDom(fixture);
    const hrefOf = (text: string) => [...root.querySelectorAll("a")].find((a) => a.textContent === text)?.getAttribute("href");
    expect(hrefOf("http link")).toBe("http://example.com/http");
    expect(hrefOf("https link")).toBe("https://example.com/https");
    expect(hrefOf("irc link")).toBe("irc://irc.example.net/channel");
    expect(hrefOf("ircs link")).toBe("ircs://irc.example.net/secure");
    expect(hrefOf("mail link")).toBe("mailto:support@example.com");
    expect(hrefOf("xmpp link")).toBe("xmpp:party@example.com");
    expect(hrefOf("relative link")).toBe("/getting-started");
  });

  it("still renders ordinary markdown and GFM", async () => {
    const html = await renderMarkdown("## Title\n\n**bold** and ~~gone~~\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
  });

  it("footnote references and back-references point at elements that exist in the rendered post", async () => {
    const { root } = await renderIntoDom("Sync needs a fast link[^bandwidth] and a host[^host].\n\n[^bandwidth]: 5 Mbps or more.\n[^host]: Only the host steers.");
    const ids = new Set([...root.querySelectorAll("[id]")].map((el) => el.id));
    const refs = [...root.querySelectorAll("a[data-footnote-ref]")];
    const backRefs = [...root.querySelectorAll("a[data-footnote-backref]")];
    expect(refs).toHaveLength(2);
    expect(backRefs).toHaveLength(2);
    for (const link of [...refs, ...backRefs]) {
      const href = link.getAttribute("href") ?? "";
      expect(href).toMatch(/^#/);
      // Following the link must land somewhere: the fragment names an element of the post.
      expect(ids).toContain(href.slice(1));
    }
    // The reference's note is the one it names, and the note links back to that very reference.
    const note = root.querySelector(`[id="${refs[0]!.getAttribute("href")!.slice(1)}"]`);
    expect(note?.textContent).toContain("5 Mbps or more.");
    expect(note?.querySelector("a[data-footnote-backref]")?.getAttribute("href")).toBe(`#${refs[0]!.id}`);
    // The label the references are described by exists too.
    for (const ref of refs) expect(ids).toContain(ref.getAttribute("aria-describedby"));
    // Ids that carry the author's text stay prefixed, so a note named like a page element cannot clobber it.
    for (const id of ids) if (id !== "footnote-label") expect(id).toMatch(/^user-content-/);
  });
});

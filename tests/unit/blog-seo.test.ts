/** SEO helpers: JSON-LD escaping, FAQ/Article data, page metadata, sitemap and robots. */
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { FAQ_ENTRIES } from "@/components/marketing/faq/faq-entries";
import { serializeJsonLd } from "@/components/seo/json-ld";
import { publicConfig } from "@/lib/config/public-config";
import { BLOG_POST_COUNT } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { articleJsonLd, faqPageJsonLd } from "@/lib/seo/structured-data";

describe("serializeJsonLd", () => {
  it("cannot be closed early by a string containing </script>", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("structured data", () => {
  it("FAQ page: 27 questions with answers, mentioning the spec figures", () => {
    const data = faqPageJsonLd(FAQ_ENTRIES.map((e) => ({ question: e.question, answer: e.answer.join("\n\n") })));
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(27);
    expect(new Set(data.mainEntity.map((q) => q.name)).size).toBe(27);
    const allText = data.mainEntity.map((q) => q.acceptedAnswer.text).join(" ");
    for (const figure of ["5 Mbps", "50 or fewer", "8 GB", "48 hours"]) expect(allText).toContain(figure);
  });

  it("Article: organisation as author and publisher, fixed publication date", () => {
    const data = articleJsonLd({ slug: "a-post", title: "A Post", summary: "S", banner: "/blog/a.svg", category: "Guides" });
    expect(data).toMatchObject({
      "@type": "Article",
      headline: "A Post",
      image: [`${publicConfig.siteUrl}/blog/a.svg`],
      author: { "@type": "Organization", name: "ViewParty" },
      publisher: { "@type": "Organization", name: "ViewParty" },
      datePublished: "2025-08-23",
    });
  });
});

describe("pageMetadata", () => {
  it("sets the exact title, canonical URL and social cards with an image", () => {
    const metadata = pageMetadata({ title: "T", description: "D", path: "/faqs" });
    expect(metadata.title).toBe("T");
    expect(metadata.alternates?.canonical).toBe(`${publicConfig.siteUrl}/faqs`);
    expect(JSON.stringify(metadata.openGraph)).toContain("/og/viewparty-og.jpg");
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
  });
});

describe("sitemap and robots", () => {
  it("lists the content pages, /parties and every post", async () => {
    const urls = (await sitemap()).map((entry) => entry.url.replace(publicConfig.siteUrl, ""));
    for (const page of ["/", "/about", "/faqs", "/getting-started", "/streaming-guide", "/privacy-policy", "/terms-of-service", "/contact", "/blogs", "/parties"]) {
      expect(urls).toContain(page);
    }
    expect(urls.filter((url) => url.startsWith("/blogs/"))).toHaveLength(BLOG_POST_COUNT);
  });

  it("points crawlers at the sitemap", () => {
    expect(robots().sitemap).toBe(`${publicConfig.siteUrl}/sitemap.xml`);
  });
});

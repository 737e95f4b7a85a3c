/** schema.org objects for JSON-LD: the organisation, the site, the FAQ and blog articles. */
import { publicConfig } from "@/lib/config/public-config";
import { BLOG_PUBLICATION_DATE, PRODUCT_NAME } from "@/lib/constants";
import { absoluteUrl, DEFAULT_OG_IMAGE } from "./site-url";

export interface FaqEntryText {
  question: string;
  /** Plain-text answer (paragraphs joined with blank lines). */
  answer: string;
}

const organization = () => ({
  "@type": "Organization",
  name: PRODUCT_NAME,
  url: absoluteUrl("/"),
});

export function organizationJsonLd() {
  return {
    "@context": "https://schema.org",
    ...organization(),
    logo: absoluteUrl(DEFAULT_OG_IMAGE.path),
    email: publicConfig.supportEmail,
    sameAs: [publicConfig.socialMicroblogUrl, publicConfig.socialChatUrl].filter((url): url is string => Boolean(url)),
  };
}

export function websiteJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: PRODUCT_NAME,
    url: absoluteUrl("/"),
    description: "Free, self-hostable watch parties: stream movies, TV and live streams in sync with friends.",
    publisher: organization(),
  };
}

export function faqPageJsonLd(entries: readonly FaqEntryText[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

export interface ArticleInput {
  slug: string;
  title: string;
  summary: string;
  banner: string;
  category: string;
}

export function articleJsonLd(post: ArticleInput) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.summary,
    image: [absoluteUrl(post.banner)],
    articleSection: post.category,
    author: organization(),
    publisher: { ...organization(), logo: { "@type": "ImageObject", url: absoluteUrl(DEFAULT_OG_IMAGE.path) } },
    datePublished: BLOG_PUBLICATION_DATE,
    dateModified: BLOG_PUBLICATION_DATE,
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(`/blogs/${post.slug}`) },
  };
}

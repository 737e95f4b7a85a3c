// GET /blogs/{slug} – one post: title, category, read time, banner and the sanitized markdown body.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { BlogStatus } from "@/components/marketing/blog/blog-status";
import { PostMetaLine } from "@/components/marketing/blog/post-meta-line";
import styles from "@/components/marketing/blog/prose.module.css";
import { CtaLink } from "@/components/marketing/cta-link";
import { JsonLd } from "@/components/seo/json-ld";
import { getPost } from "@/lib/blog/get-post";
import { listPostSlugs } from "@/lib/blog/list-posts";
import { BLOG_ARTICLE_MAX_WIDTH_PX, BLOG_PUBLICATION_DATE, PRODUCT_NAME } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { articleJsonLd } from "@/lib/seo/structured-data";

type Params = Promise<{ slug: string }>;

/** Metadata and page share one read of the file per render. */
const loadPost = cache(getPost);

const publishedOn = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
  new Date(BLOG_PUBLICATION_DATE),
);

export async function generateStaticParams() {
  return (await listPostSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const result = await loadPost((await params).slug);
  if (result.status !== "found") return { title: `Post not found - ${PRODUCT_NAME} Blog`, robots: { index: false } };
  const { post } = result;
  return pageMetadata({
    title: `${post.title} - ${PRODUCT_NAME} Blog`,
    description: post.summary,
    path: `/blogs/${post.slug}`,
    type: "article",
    publishedTime: BLOG_PUBLICATION_DATE,
  });
}

export default async function BlogPostPage({ params }: { params: Params }) {
  const result = await loadPost((await params).slug);
  // Unknown slugs render on demand (dynamicParams), fully before the response starts, so this is a 404.
  if (result.status === "not-found") notFound();
  if (result.status === "error") {
    return (
      <BlogStatus kind="error" heading="Blog post unavailable">
        Failed to load blog content.
      </BlogStatus>
    );
  }
  const { post } = result;
  preload(post.banner, { as: "image", fetchPriority: "high" });

  return (
    <article className="mx-auto w-full px-4 py-12 sm:px-6 lg:py-16" style={{ maxWidth: BLOG_ARTICLE_MAX_WIDTH_PX }}>
      <JsonLd data={articleJsonLd(post)} />
      <p className="mb-6">
        <Link href="/blogs" className="text-sm text-vp-accent underline underline-offset-4 hover:text-white">
          ← All posts
        </Link>
      </p>
      <header>
        <PostMetaLine category={post.category} readTime={post.readTime}>
          <time dateTime={BLOG_PUBLICATION_DATE}>{publishedOn}</time>
        </PostMetaLine>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-white sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-vp-text">{post.summary}</p>
      </header>
      {/* A local, already sized banner: a plain <img> (preloaded above) does what next/image's unoptimized mode would, without its client script. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={post.banner}
        alt={`Banner for “${post.title}”`}
        width={1200}
        height={600}
        fetchPriority="high"
        className="mt-8 aspect-[2/1] w-full rounded-xl object-cover"
      />
      {/* html is produced by renderMarkdown: raw HTML dropped, then sanitized (lib/blog/render-markdown.ts). */}
      <div className={`mt-10 ${styles.prose}`} dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className="mt-16 flex flex-wrap gap-4 border-t border-[#2e3d4f] pt-8">
        <CtaLink href="/getting-started">Host your first party</CtaLink>
        <CtaLink href="/blogs" variant="secondary">
          More from the blog
        </CtaLink>
      </footer>
    </article>
  );
}

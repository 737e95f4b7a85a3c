/** One post on the blog index; the whole card is the link's hit area. */
import Link from "next/link";
import type { BlogPostMeta } from "@/lib/blog/post-schema";
import { PostMetaLine } from "./post-meta-line";

export function BlogCard({ post, eager = false }: { post: BlogPostMeta; eager?: boolean }) {
  return (
    <article
      data-blog-card=""
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-[#2e3d4f] bg-vp-surface transition-colors focus-within:border-vp-accent hover:border-vp-accent"
    >
      {/* A local, already sized banner: a plain <img> does what next/image's unoptimized mode would, without its client script (5 KiB on every blog page). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={post.banner}
        alt=""
        width={1200}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[2/1] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PostMetaLine category={post.category} readTime={post.readTime} />
        <h2 className="text-xl font-semibold text-white">
          <Link
            href={`/blogs/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-vp-accent"
          >
            {post.title}
          </Link>
        </h2>
        <p className="leading-relaxed text-vp-text">{post.summary}</p>
      </div>
    </article>
  );
}

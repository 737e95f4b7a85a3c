/** Category badge and "N min read" of a post, as shown on cards and on the post page. */
import type { ReactNode } from "react";

export function PostMetaLine({
  category,
  readTime,
  children,
}: {
  category: string;
  readTime: number;
  children?: ReactNode;
}) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-vp-text">
      <span className="rounded-full border border-vp-accent/60 px-3 py-0.5 font-semibold text-vp-accent">{category}</span>
      <span>{readTime} min read</span>
      {children}
    </p>
  );
}

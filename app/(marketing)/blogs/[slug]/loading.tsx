// Shown while a post renders (client navigation, or the first request of a post not prerendered).
import { BlogStatus } from "@/components/marketing/blog/blog-status";

export default function BlogPostLoading() {
  return <BlogStatus kind="loading">Loading…</BlogStatus>;
}

// Shown, with HTTP 404, when /blogs/{slug} names no post (the post page calls notFound()).
import { BlogStatus } from "@/components/marketing/blog/blog-status";

export default function BlogPostNotFound() {
  return (
    <BlogStatus kind="error" heading="Post not found">
      Post not found.
    </BlogStatus>
  );
}

// GET /blogs – the blog index: a card for every post.
import type { Metadata } from "next";
import { BlogCard } from "@/components/marketing/blog/blog-card";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { listPosts } from "@/lib/blog/list-posts";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "ViewParty Blog - Watch Party Guides, Tips and Ideas",
  description:
    "Guides, tips and ideas for virtual watch parties: hosting with friends, streamer playbooks, legal basics, setup how-tos and what to watch next.",
  path: "/blogs",
});

export default async function BlogIndexPage() {
  const posts = await listPosts();
  return (
    <PageContainer>
      <PageHero
        eyebrow="Blog"
        title="The ViewParty Blog"
        lead={<p>Guides, playbooks and ideas for watching together, from family movie nights to 10,000-viewer streams.</p>}
      />
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <li key={post.slug}>
            <BlogCard post={post} eager={index < 3} />
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}

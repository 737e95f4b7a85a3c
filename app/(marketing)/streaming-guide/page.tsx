// GET /streaming-guide – how streamers run watch parties: highlights and a seven-chapter accordion.
import type { Metadata } from "next";
import { ContentSection } from "@/components/marketing/content-section";
import { CtaLink } from "@/components/marketing/cta-link";
import { CardGrid, FeatureCard } from "@/components/marketing/feature-card";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { STREAMING_GUIDE_ITEMS } from "@/components/marketing/streaming-guide/guide-items";
import { TextLink } from "@/components/marketing/text-link";
import { Accordion } from "@/components/ui/accordion";
import { SETUP_MINUTES } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "The Streaming Guide - Watch Parties for Twitch Streamers | ViewParty",
  description:
    "How to host a DMCA-safe watch party on Twitch with ViewParty: setup, streamer mode latency compensation, international viewers, best practices and troubleshooting.",
  path: "/streaming-guide",
});

export default function StreamingGuidePage() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="For streamers and creators"
        title="The Streaming Guide"
        lead={
          <p>
            Everything you need to run a watch party with your Twitch community: what to capture, how streamer mode
            keeps chat in step with the picture, and how to keep it all on the right side of copyright.
          </p>
        }
      />

      <ContentSection id="highlights" title="Why streamers use ViewParty">
        <CardGrid>
          <FeatureCard icon="shield" title="DMCA Safe">
            The movie never goes through your broadcast. Each viewer plays it from their own account, and your stream
            shows only you and your chat.
          </FeatureCard>
          <FeatureCard icon="bolt" title="Zero Latency">
            Streamer mode offsets your broadcast delay, so viewers see each scene at the same moment they hear your
            reaction to it.
          </FeatureCard>
          <FeatureCard icon="globe" title="Global Reach">
            Viewers join from anywhere with their own subscription, subtitles and audio language, and scheduled parties
            show in local time.
          </FeatureCard>
          <FeatureCard icon="rocket" title="Easy Setup">
            Install the extension, sign in with Twitch and start a party. Most streamers are ready in {SETUP_MINUTES}{" "}
            minutes.
          </FeatureCard>
        </CardGrid>
      </ContentSection>

      <ContentSection id="guide" title="The guide, step by step">
        <Accordion items={STREAMING_GUIDE_ITEMS} headingLevel={3} className="max-w-4xl" />
      </ContentSection>

      <ContentSection id="further-reading" title="Keep reading">
        <ul className="grid gap-3 text-lg text-vp-text sm:grid-cols-2">
          <li>
            <TextLink href="/blogs/the-ultimate-guide-to-virtual-watch-parties">
              The Ultimate Guide to Virtual Watch Parties
            </TextLink>
          </li>
          <li>
            <TextLink href="/blogs/the-complete-playbook-for-streamer-watch-parties">
              The Complete Playbook for Streamer Watch Parties
            </TextLink>
          </li>
          <li>
            <TextLink href="/getting-started">Getting Started with ViewParty</TextLink>
          </li>
          <li>
            <TextLink href="/faqs">Frequently Asked Questions</TextLink>
          </li>
        </ul>
        <div className="mt-8">
          <CtaLink href="/getting-started">Set up ViewParty</CtaLink>
        </div>
      </ContentSection>
    </PageContainer>
  );
}

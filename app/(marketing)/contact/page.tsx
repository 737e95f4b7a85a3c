// GET /contact – how to reach support (e-mail, reply within 48 hours) and, when configured, the community channels.
import type { Metadata } from "next";
import { ContentSection } from "@/components/marketing/content-section";
import { CtaLink } from "@/components/marketing/cta-link";
import { CardGrid, FeatureCard } from "@/components/marketing/feature-card";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { TextLink } from "@/components/marketing/text-link";
import { publicConfig } from "@/lib/config/public-config";
import { SUPPORT_REPLY_HOURS } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Contact ViewParty Support",
  description: `Get help with ViewParty by e-mail (we reply within ${SUPPORT_REPLY_HOURS} hours) or talk to the team and other users in our community channels.`,
  path: "/contact",
});

export default function ContactPage() {
  return (
    <PageContainer narrow>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead={
          <p>
            Found a bug, have an idea, or need help with a party? We read every message, and we reply within{" "}
            {SUPPORT_REPLY_HOURS} hours.
          </p>
        }
      />

      <ContentSection id="support" title="E-mail support">
        <div className="space-y-4 leading-relaxed text-vp-text">
          <p>
            Write to <TextLink href={`mailto:${publicConfig.supportEmail}`}>{publicConfig.supportEmail}</TextLink>.
            Tell us your browser, the streaming service you were using and what happened, and we can help faster.
          </p>
          <p>
            Many answers are already in the <TextLink href="/faqs">FAQ</TextLink>, and streamers will find setup help in
            the <TextLink href="/streaming-guide">Streaming Guide</TextLink>.
          </p>
          <div>
            <CtaLink href={`mailto:${publicConfig.supportEmail}`}>E-mail Support</CtaLink>
          </div>
        </div>
      </ContentSection>

      {(publicConfig.socialMicroblogUrl || publicConfig.socialChatUrl) && (
        <ContentSection id="community" title="Follow and chat with us">
          <CardGrid columns={2}>
            {publicConfig.socialMicroblogUrl && (
              <FeatureCard icon="megaphone" title="News and updates">
                <p>Release notes, new platforms and tips, as they happen.</p>
                <p className="mt-4">
                  <TextLink href={publicConfig.socialMicroblogUrl}>Follow ViewParty</TextLink>
                </p>
              </FeatureCard>
            )}
            {publicConfig.socialChatUrl && (
              <FeatureCard icon="chat" title="Community chat">
                <p>Find people to watch with, share party links and talk to the team.</p>
                <p className="mt-4">
                  <TextLink href={publicConfig.socialChatUrl}>Join the community chat</TextLink>
                </p>
              </FeatureCard>
            )}
          </CardGrid>
        </ContentSection>
      )}
    </PageContainer>
  );
}

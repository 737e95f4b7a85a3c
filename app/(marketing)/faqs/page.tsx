// GET /faqs – 27 questions in a one-open-at-a-time accordion, with FAQPage structured data.
import type { Metadata } from "next";
import { CtaPanel } from "@/components/marketing/cta-panel";
import { CtaLink } from "@/components/marketing/cta-link";
import { FAQ_ENTRIES } from "@/components/marketing/faq/faq-entries";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { JsonLd } from "@/components/seo/json-ld";
import { Accordion } from "@/components/ui/accordion";
import { publicConfig } from "@/lib/config/public-config";
import { SUPPORT_REPLY_HOURS } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { faqPageJsonLd } from "@/lib/seo/structured-data";

export const metadata: Metadata = pageMetadata({
  title: "Frequently Asked Questions - ViewParty",
  description:
    "Answers about ViewParty: supported services and browsers, subscriptions, party size, sync accuracy, streamer mode, internet speed, privacy and support.",
  path: "/faqs",
});

export default function FaqPage() {
  return (
    <PageContainer narrow>
      <JsonLd
        data={faqPageJsonLd(FAQ_ENTRIES.map((entry) => ({ question: entry.question, answer: entry.answer.join("\n\n") })))}
      />
      <PageHero
        eyebrow="FAQ"
        title="Frequently Asked Questions"
        lead={<p>Everything people usually ask before their first watch party. Click a question to see the answer.</p>}
      />
      <Accordion
        headingLevel={2}
        items={FAQ_ENTRIES.map((entry) => ({
          id: entry.id,
          title: entry.question,
          content: entry.answer.map((paragraph) => <p key={paragraph}>{paragraph}</p>),
        }))}
      />
      <CtaPanel
        title="Still have a question?"
        text={`Our support team answers every e-mail, usually much sooner than our ${SUPPORT_REPLY_HOURS}-hour promise.`}
      >
        <CtaLink href={`mailto:${publicConfig.supportEmail}`}>Contact Support</CtaLink>
      </CtaPanel>
    </PageContainer>
  );
}

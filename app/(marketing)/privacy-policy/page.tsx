// GET /privacy-policy – the privacy policy in fourteen collapsible sections.
import type { Metadata } from "next";
import { PRIVACY_POLICY_LAST_UPDATED } from "@/components/marketing/legal/legal-dates";
import { PRIVACY_SECTIONS } from "@/components/marketing/legal/privacy-sections";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { Accordion } from "@/components/ui/accordion";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy - ViewParty",
  description:
    "What ViewParty collects, why, who sees it, how long we keep it and how to exercise your privacy rights.",
  path: "/privacy-policy",
});

export default function PrivacyPolicyPage() {
  return (
    <PageContainer narrow>
      <PageHero
        title="Privacy Policy"
        lead={
          <>
            <p className="text-base text-[#a9b4bf]">Last updated {PRIVACY_POLICY_LAST_UPDATED}</p>
            <p className="mt-4">
              ViewParty is built so you can watch together without giving up your privacy. This policy explains what we
              collect, how we use it and the choices you have. Open a section to read it.
            </p>
          </>
        }
      />
      <Accordion items={PRIVACY_SECTIONS} headingLevel={2} />
    </PageContainer>
  );
}

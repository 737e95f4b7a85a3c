// GET /terms-of-service – the terms of service in eight sections.
import type { Metadata } from "next";
import { ContentSection } from "@/components/marketing/content-section";
import {
  TERMS_LAST_UPDATED,
  TERMS_LAST_UPDATED_ISO,
} from "@/components/marketing/legal/legal-dates";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { TextLink } from "@/components/marketing/text-link";
import { publicConfig } from "@/lib/config/public-config";
import { MINIMUM_AGE } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service - ViewParty",
  description:
    "The rules for using ViewParty: what the service is, how to behave in parties, intellectual property, warranties, liability and how these terms change.",
  path: "/terms-of-service",
});

const body = "space-y-4 leading-relaxed text-vp-text [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6";

export default function TermsOfServicePage() {
  return (
    <PageContainer narrow>
      <PageHero
        title="Terms of Service"
        lead={
          <>
            <p className="text-base text-[#a9b4bf]">
              Last updated <time dateTime={TERMS_LAST_UPDATED_ISO}>{TERMS_LAST_UPDATED}</time>
            </p>
            <p className="mt-4">
              These terms are the agreement between you and ViewParty. They are written to be read, so please do.
            </p>
          </>
        }
      />

      <ContentSection id="acceptance" title="1. Acceptance of Terms">
        <div className={body}>
          <p>
            By creating an account, installing the browser extension or taking part in a watch party, you agree to
            these Terms of Service and to our <TextLink href="/privacy-policy">Privacy Policy</TextLink>. If you do not
            agree, please do not use ViewParty. You must be at least {MINIMUM_AGE} years old to use the service.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="service-description" title="2. Description of Service">
        <div className={body}>
          <p>
            ViewParty is a free service that synchronises playback of streaming content between participants through a
            browser extension, and adds chat, drawing, public and private parties and scheduling.
          </p>
          <p>
            ViewParty does not host, store, sell or re-stream any video. Every participant needs their own
            subscription or other legal access to the streaming service being watched, and is bound by that
            service&apos;s own terms. Features may change, and we may pause the service for maintenance.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="user-conduct" title="3. User Conduct">
        <div className={body}>
          <p>You are responsible for what you post and share on ViewParty. You agree not to:</p>
          <ul>
            <li>post or share material that is unlawful, abusive, harassing, defamatory or obscene;</li>
            <li>
              infringe anyone&apos;s copyright, trademark or other rights, including by broadcasting content you have no
              right to share;
            </li>
            <li>send spam, unsolicited advertising or repetitive messages;</li>
            <li>interfere with the service, other users&apos; parties or the security of ViewParty;</li>
            <li>impersonate another person or misrepresent your affiliation with anyone.</li>
          </ul>
          <p>We may remove content and suspend or close accounts that break these rules.</p>
        </div>
      </ContentSection>

      <ContentSection id="intellectual-property" title="4. Intellectual Property">
        <div className={body}>
          <p>
            The ViewParty name, logo, website and software belong to ViewParty and its contributors. Movies, shows,
            streams and music watched through ViewParty belong to their rights holders; nothing in these terms gives
            you any right to them beyond what your streaming service allows.
          </p>
          <p>
            You keep the rights to what you post. You give us a limited licence to display it within the service so
            your parties and profile work.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="disclaimer-of-warranties" title="5. Disclaimer of Warranties">
        <div className={body}>
          <p>
            ViewParty is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind,
            express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do
            not guarantee that the service will be uninterrupted, error-free or compatible with every streaming service
            at all times, since those services can change without notice.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="limitation-of-liability" title="6. Limitation of Liability">
        <div className={body}>
          <p>
            To the fullest extent permitted by law, ViewParty and its contributors are not liable for any indirect,
            incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill,
            arising from your use of the service. Our total liability for any claim relating to the service is limited to
            one hundred US dollars (US$100), except where the law does not allow such a limit.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="changes-to-terms" title="7. Changes to Terms">
        <div className={body}>
          <p>
            We may update these terms. We will change the date at the top of this page and, for important changes,
            give notice on the site or by e-mail before they take effect. Continuing to use ViewParty after that means
            you accept the updated terms.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="contact" title="8. Contact">
        <div className={body}>
          <p>
            Questions about these terms? E-mail{" "}
            <TextLink href={`mailto:${publicConfig.supportEmail}`}>{publicConfig.supportEmail}</TextLink> or visit our{" "}
            <TextLink href="/contact">contact page</TextLink>.
          </p>
        </div>
      </ContentSection>
    </PageContainer>
  );
}

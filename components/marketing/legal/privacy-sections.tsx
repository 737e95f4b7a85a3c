/** The fourteen sections of the Privacy Policy, shown one at a time in an accordion. */
import type { AccordionItem } from "@/components/ui/accordion";
import { TextLink } from "@/components/marketing/text-link";
import { publicConfig } from "@/lib/config/public-config";
import {
  ACCOUNT_DELETION_DAYS,
  LOG_RETENTION_MONTHS,
  MINIMUM_AGE,
  PRIVACY_REQUEST_RESPONSE_DAYS,
} from "@/lib/constants";

const supportMail = `mailto:${publicConfig.supportEmail}`;

export const PRIVACY_SECTIONS: readonly AccordionItem[] = [
  {
    id: "information-we-collect",
    title: "1. Information We Collect",
    content: (
      <>
        <p>We collect only what we need to run ViewParty:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your username, e-mail address and a salted hash of your password, or the
            identifier, display name and profile picture a social login shares with us.
          </li>
          <li>
            <strong>Profile data you choose to add:</strong> bio, colours, social usernames and privacy settings.
          </li>
          <li>
            <strong>Party data:</strong> parties you host, join, schedule or RSVP to, chat messages sent in built-in
            chat, and the title and platform of what is playing.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser and extension version, and error logs.
          </li>
        </ul>
        <p>
          We never see your streaming-service passwords, payment details or viewing history outside ViewParty
          parties.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "2. How We Use Your Information",
    content: (
      <ul>
        <li>To create and secure your account and sign you in.</li>
        <li>To run parties: keep playback in sync, deliver chat and show public parties in the list.</li>
        <li>To show your public profile and scheduled parties to other users, as you configure them.</li>
        <li>To prevent abuse, fix bugs and keep the service reliable.</li>
        <li>To answer you when you contact support.</li>
      </ul>
    ),
  },
  {
    id: "how-we-share-information",
    title: "3. How We Share Information",
    content: (
      <>
        <p>We do not sell your personal information and we do not share it for advertising.</p>
        <ul>
          <li>Other participants see your display name, chat messages and, in public parties, your host details.</li>
          <li>
            Service providers that host our servers or send our e-mails process data only on our instructions.
          </li>
          <li>We disclose information when the law requires it or to protect users from harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: "social-logins",
    title: "4. Social Logins",
    content: (
      <p>
        If you sign in with Twitch, Google or Kick, that provider shares your account identifier, display name, e-mail
        address and profile picture with us, under its own privacy policy. For Twitch we also read your channel&apos;s
        public live status to show it on your profile. You can unlink a provider at any time in your account settings
        on the provider&apos;s side.
      </p>
    ),
  },
  {
    id: "party-privacy",
    title: "5. Watch Party Privacy",
    content: (
      <>
        <p>
          Public parties are listed for everyone, with the host&apos;s name, the platform and what is playing. Private
          parties are reachable only through their invite link or code and never appear in the list.
        </p>
        <p>
          Anyone in a party can read its chat, so do not share personal information there. If you set your profile to
          private, other users cannot view it.
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "6. International Data Transfers",
    content: (
      <p>
        Our servers may be located outside your country. When we transfer personal information across borders we use
        safeguards required by applicable law, such as standard contractual clauses. Self-hosted ViewParty instances
        store data wherever their operator runs them.
      </p>
    ),
  },
  {
    id: "data-retention",
    title: "7. Data Retention",
    content: (
      <ul>
        <li>
          We keep account data while your account exists. When you delete your account, we delete your personal data
          within {ACCOUNT_DELETION_DAYS} days.
        </li>
        <li>Server and security logs are kept for up to {LOG_RETENTION_MONTHS} months, then deleted.</li>
        <li>Chat of a party that has ended is not kept beyond what is needed to moderate abuse reports.</li>
      </ul>
    ),
  },
  {
    id: "security",
    title: "8. Security",
    content: (
      <p>
        Passwords are stored only as salted hashes, traffic to our hosted service is encrypted with TLS, and access to production data is
        limited to the people who run the service. No system is perfectly secure; if we learn of a breach that affects
        you, we will tell you promptly.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "9. Your Rights and Choices",
    content: (
      <>
        <p>
          You can access, correct, export or delete your personal information, object to or restrict how we process
          it, and withdraw consent at any time. Many settings are on your profile page; for everything else, e-mail us.
        </p>
        <p>We answer every request within {PRIVACY_REQUEST_RESPONSE_DAYS} days.</p>
      </>
    ),
  },
  {
    id: "do-not-track",
    title: "10. Do Not Track",
    content: (
      <p>
        ViewParty does not track you across other websites, so there is nothing for a browser&apos;s Do Not Track
        signal to turn off. We treat your visits the same whether or not the signal is set.
      </p>
    ),
  },
  {
    id: "california-rights",
    title: "11. California Privacy Rights",
    content: (
      <p>
        If you live in California, the CCPA/CPRA gives you the right to know what personal information we collect, to
        delete and correct it, and to opt out of its sale or sharing. We do not sell or share personal information as
        those laws define it, and we will not treat you differently for using your rights.
      </p>
    ),
  },
  {
    id: "childrens-privacy",
    title: "12. Children's Privacy",
    content: (
      <p>
        ViewParty is only for people aged {MINIMUM_AGE} and over. We do not knowingly collect personal information
        from children under {MINIMUM_AGE}. If you believe a child has given us information, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: "policy-updates",
    title: "13. Updates to This Policy",
    content: (
      <p>
        We may update this policy as ViewParty changes. We will change the &quot;Last updated&quot; date above and,
        for important changes, tell you by e-mail or with a notice on the site before they take effect.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "14. Contact Us",
    content: (
      <p>
        Questions or requests about your privacy? E-mail{" "}
        <TextLink href={supportMail}>{publicConfig.supportEmail}</TextLink> or use the{" "}
        <TextLink href="/contact">contact page</TextLink>.
      </p>
    ),
  },
];

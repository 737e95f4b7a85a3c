// GET /getting-started – from zero to a first watch party: account, extension, join, host, tips, Twitch.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ContentSection } from "@/components/marketing/content-section";
import { CtaLink } from "@/components/marketing/cta-link";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { SignUpButton } from "@/components/marketing/sign-up-button";
import { TextLink } from "@/components/marketing/text-link";
import { publicConfig } from "@/lib/config/public-config";
import { FAQ_MIN_BANDWIDTH_MBPS, MINIMUM_AGE, PHONE_EXTENSION_MESSAGE, SETUP_MINUTES } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Getting Started with ViewParty - Host Your First Watch Party",
  description: `Set up ViewParty in ${SETUP_MINUTES} minutes: create an account, install the browser extension, join a public party or host your own and invite friends. Includes a guide for Twitch streamers.`,
  path: "/getting-started",
});

const sections = [
  { id: "create-an-account", title: "1. Create your account" },
  { id: "install-the-extension", title: "2. Download the extension" },
  { id: "join-a-party", title: "3. Browse and join a party" },
  { id: "host-a-party", title: "4. Host and invite friends" },
  { id: "tips-and-legal", title: "5. Tips and the legal bits" },
  { id: "twitch-streamers", title: "6. Guide for Twitch streamers" },
] as const;

type SectionId = (typeof sections)[number]["id"];
const titleOf = (id: SectionId) => sections.find((section) => section.id === id)?.title ?? id;

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-3 pl-6 leading-relaxed text-vp-text marker:text-vp-accent">{children}</ol>;
}

function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-3 pl-6 leading-relaxed text-vp-text marker:text-vp-accent">{children}</ul>;
}

export default function GettingStartedPage() {
  return (
    <PageContainer narrow>
      <PageHero
        eyebrow={`${SETUP_MINUTES}-minute setup`}
        title="Getting Started with ViewParty"
        lead={
          <p>
            From nothing to your first synchronised movie night in about {SETUP_MINUTES} minutes. Follow the six steps
            below, or jump straight to the one you need.
          </p>
        }
      />

      <nav aria-label="On this page" className="mb-12 rounded-xl border border-[#2e3d4f] bg-vp-surface p-6">
        <p className="font-semibold text-white">On this page</p>
        <ol className="mt-3 grid gap-2 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <TextLink href={`#${section.id}`}>{section.title}</TextLink>
            </li>
          ))}
        </ol>
      </nav>

      <ContentSection id="create-an-account" title={titleOf("create-an-account")}>
        <div className="space-y-4 leading-relaxed text-vp-text">
          <p>
            An account gives you a profile, lets you RSVP to scheduled parties and keeps your upcoming parties in one
            place. Sign up with an e-mail address and a password, or use your Twitch, Google or Kick login. Twitch
            accounts also unlock the streamer tools.
          </p>
          <p>You must be {MINIMUM_AGE} or older to create an account.</p>
          <div>
            <SignUpButton />
          </div>
        </div>
      </ContentSection>

      <ContentSection id="install-the-extension" title={titleOf("install-the-extension")}>
        <div className="space-y-4 leading-relaxed text-vp-text">
          <p>
            The ViewParty extension is what keeps your player in sync. It works on desktop Chrome, Edge and
            Firefox.
          </p>
          <p>{PHONE_EXTENSION_MESSAGE}</p>
          <Steps>
            <li>Open the install page: it opens on your browser, with its store button or the exact steps to load the extension.</li>
            <li>Pin the ViewParty icon to your toolbar so it is always one click away.</li>
            <li>Click the icon and sign in with the same account you use on this site.</li>
          </Steps>
          <div>
            <CtaLink href={publicConfig.extensionStoreUrl}>Get the extension</CtaLink>
          </div>
        </div>
      </ContentSection>

      <ContentSection id="join-a-party" title={titleOf("join-a-party")}>
        <div className="space-y-4 leading-relaxed text-vp-text">
          <p>
            The quickest way to try ViewParty is to drop into a party that is already running. The{" "}
            <TextLink href="/parties">Watch Parties</TextLink> page lists every public party that is live now, with
            the platform, what is playing and how many people are watching.
          </p>
          <Steps>
            <li>Filter by platform or sort by viewers to find something you like.</li>
            <li>Make sure you are signed in to that streaming service in the same browser.</li>
            <li>
              Click <strong className="text-white">Join Party</strong>. The extension opens the title and lines your
              player up with the host&apos;s.
            </li>
          </Steps>
          <p>
            Scheduled parties appear below the live ones: RSVP to let the host know you are coming.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="host-a-party" title={titleOf("host-a-party")}>
        <div className="space-y-4 leading-relaxed text-vp-text">
          <Steps>
            <li>Open the movie, episode or stream you want to watch on Netflix, Disney+, Prime Video, Max, Hulu, YouTube or Twitch.</li>
            <li>
              Click the ViewParty icon and choose <strong className="text-white">Start Party</strong>.
            </li>
            <li>
              Choose <strong className="text-white">public</strong> to be listed for everyone, or{" "}
              <strong className="text-white">private</strong> for an invite-only party.
            </li>
            <li>Send the invite link, or share the party code, with your friends.</li>
            <li>Press play. Your play, pause and seek reach everyone, and you can draw on the video to point things out.</li>
          </Steps>
          <p>
            Planning ahead? Schedule the party from your profile with a date and time, and let people RSVP.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="tips-and-legal" title={titleOf("tips-and-legal")}>
        <Bullets>
          <li>
            Everyone needs their own subscription or legal access to the service you are watching. ViewParty never
            hosts or re-streams video.
          </li>
          <li>A connection of at least {FAQ_MIN_BANDWIDTH_MBPS} Mbps per viewer keeps HD playback smooth.</li>
          <li>Close other tabs that play video, and turn off extensions that change the player.</li>
          <li>Agree on subtitles and audio language before you start: each viewer picks their own.</li>
          <li>
            Questions? The <TextLink href="/faqs">FAQ</TextLink> covers party size, sync accuracy and troubleshooting.
          </li>
        </Bullets>
      </ContentSection>

      <ContentSection id="twitch-streamers" title={titleOf("twitch-streamers")}>
        <div className="space-y-4 leading-relaxed text-vp-text">
          <p>
            ViewParty turns a Twitch stream into a watch party your whole community can join, without putting the
            movie in your broadcast.
          </p>
          <Bullets>
            <li>Sign in with Twitch so your party can use your channel&apos;s chat.</li>
            <li>Turn on streamer mode: it compensates for your broadcast delay so chat reacts to the same scene you do.</li>
            <li>Capture your camera, your voice and the chat, not the video player.</li>
            <li>Post the party link in chat and pin it so new viewers can join mid-stream.</li>
          </Bullets>
          <p>
            The <TextLink href="/streaming-guide">Streaming Guide</TextLink> goes deeper into OBS setup, latency,
            international viewers and staying DMCA safe.
          </p>
        </div>
      </ContentSection>
    </PageContainer>
  );
}

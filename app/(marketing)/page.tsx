// GET / – home: what ViewParty is, the four things you can do with it, and where to start.
import type { Metadata } from "next";
import { CtaLink } from "@/components/marketing/cta-link";
import { CtaPanel } from "@/components/marketing/cta-panel";
import { CardGrid, FeatureCard } from "@/components/marketing/feature-card";
import { ContentSection } from "@/components/marketing/content-section";
import { PageContainer } from "@/components/marketing/page-container";
import { JsonLd } from "@/components/seo/json-ld";
import { publicConfig } from "@/lib/config/public-config";
import { PHONE_EXTENSION_MESSAGE, SETUP_MINUTES } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { START_ROOM_LABEL, START_ROOM_PATH } from "@/lib/watch-room/room-texts";
import { organizationJsonLd, websiteJsonLd } from "@/lib/seo/structured-data";

export const metadata: Metadata = pageMetadata({
  title: "Watch Movies & TV Together Online",
  description:
    "ViewParty is a free watch-party service: watch Netflix, Disney+, Prime Video, Max, Hulu, YouTube and Twitch in sync with friends, chat and draw on the screen. Everyone uses their own account.",
  path: "/",
});

const platforms = ["Netflix", "Disney+", "Prime Video", "Max", "Hulu", "YouTube", "Twitch"];

const steps = [
  {
    title: "Install the extension",
    text: `Add the ViewParty extension to Chrome, Edge or Firefox on your computer. It takes a few seconds. On a phone? ${PHONE_EXTENSION_MESSAGE}`,
  },
  {
    title: "Start or join a party",
    text: "Open a title on your streaming service and start a party, or pick one from the public list and join instantly.",
  },
  {
    title: "Press play together",
    text: "The host's play, pause and seek reach every viewer, so the whole room sees the same frame at the same time.",
  },
];

export default function HomePage() {
  return (
    <>
      <JsonLd data={organizationJsonLd()} />
      <JsonLd data={websiteJsonLd()} />
      <div className="border-b border-vp-surface bg-linear-to-b from-vp-surface to-vp-bg">
        <PageContainer>
          <div className="mx-auto max-w-3xl py-8 text-center sm:py-16">
            <p className="mb-4 text-sm font-semibold tracking-widest text-vp-accent uppercase">
              Free watch parties, perfectly in sync
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
              Watch Movies &amp; TV Together Online
            </h1>
            <p className="mt-6 text-lg leading-relaxed text-vp-text sm:text-xl">
              ViewParty keeps everyone&apos;s player on the same frame, wherever they are. Press play once and your
              friends, family or whole Twitch community watch with you, chatting and reacting as it happens. It is
              free, and each viewer streams from their own account.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-4">
              <CtaLink href={START_ROOM_PATH}>{START_ROOM_LABEL}</CtaLink>
              <CtaLink href={publicConfig.extensionStoreUrl} variant="secondary">
                Start Watching
              </CtaLink>
              <CtaLink href="/parties" variant="secondary">
                Browse Watch Parties
              </CtaLink>
            </div>
            <p className="mt-6 text-sm text-vp-text">
              Works with {platforms.join(", ")} · set up in {SETUP_MINUTES} minutes
            </p>
          </div>
        </PageContainer>
      </div>

      <PageContainer>
        <ContentSection
          id="offers"
          title="What ViewParty Offers"
          intro="One extension, four ways to share what you love watching and listening to."
        >
          <CardGrid>
            <FeatureCard icon="users" title="Join a Community">
              Browse public parties that are live right now or scheduled for later, join with one click, and meet
              people who are into the same shows, films and streamers as you.
            </FeatureCard>
            <FeatureCard icon="film" title="Watch a Marathon">
              Line up a whole season or a film series and watch it start to finish together. The host moves
              everyone from episode to episode, so nobody gets left behind.
            </FeatureCard>
            <FeatureCard icon="music" title="DJ Music Streams">
              Play video or audio playlists for the room and take requests. Every listener hears the same track at
              the same moment, which turns a playlist into a live set.
            </FeatureCard>
            <FeatureCard icon="vote" title="Vote on the next viewing">
              Let the room decide what comes next, and even vote on a discussion period before it starts, so there
              is time to talk about what you just watched.
            </FeatureCard>
          </CardGrid>
        </ContentSection>

        <ContentSection id="how-it-works" title="How it works">
          <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-[#2e3d4f] bg-vp-surface p-6">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-vp-accent font-bold text-vp-bg">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-white">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-vp-text">{step.text}</p>
              </li>
            ))}
          </ol>
        </ContentSection>

        <ContentSection id="why" title="Made for real watch parties">
          <CardGrid columns={3}>
            <FeatureCard title="In sync to the frame">
              Playback stays within a single frame of the host, and drift is corrected quietly in the background
              instead of with jarring jumps.
            </FeatureCard>
            <FeatureCard title="Built for streamers">
              Use your Twitch chat as the party chat, and let streamer mode compensate for broadcast latency so
              your viewers react to the same moment you do.
            </FeatureCard>
            <FeatureCard title="Free and self-hostable">
              No subscription, no ads in your player. Run ViewParty on your own server if you want full control
              over your community&apos;s data.
            </FeatureCard>
          </CardGrid>
        </ContentSection>

        <CtaPanel
          title="Your next movie night starts here"
          text={`Follow the guide, install the extension and host your first party in about ${SETUP_MINUTES} minutes.`}
        >
          <CtaLink href="/getting-started">Get Started</CtaLink>
          <CtaLink href="/faqs" variant="secondary">
            Read the FAQ
          </CtaLink>
        </CtaPanel>
      </PageContainer>
    </>
  );
}

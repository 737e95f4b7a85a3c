// GET /about – who ViewParty is for, what it does, and how it differs.
import type { Metadata } from "next";
import { ContentSection } from "@/components/marketing/content-section";
import { CtaLink } from "@/components/marketing/cta-link";
import { CtaPanel } from "@/components/marketing/cta-panel";
import { CardGrid, FeatureCard } from "@/components/marketing/feature-card";
import type { IconName } from "@/components/ui/icon";
import { PageContainer } from "@/components/marketing/page-container";
import { PageHero } from "@/components/marketing/page-hero";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "About ViewParty - Free Synchronized Watch Parties",
  description:
    "ViewParty is a free, self-hostable watch-party service. A browser extension keeps Netflix, Disney+, Prime Video, Max, Hulu, YouTube and Twitch in sync for friends and streamer communities.",
  path: "/about",
});

const glance = [
  {
    title: "Who",
    text: "Friends and families who live apart, film clubs, and Twitch streamers and creators who want to watch with their community instead of just talking about it afterwards.",
  },
  {
    title: "What",
    text: "A browser extension and website that sync playback across everyone in a party: the host plays, pauses and seeks, and every viewer follows within a frame.",
  },
  {
    title: "Where",
    text: "With the extension on desktop Chrome, Edge and Firefox, on the services you already use: Netflix, Disney+, Prime Video, Max, Hulu, YouTube and Twitch. YouTube and TikTok parties also play right in the browser, phones included.",
  },
  {
    title: "When",
    text: "Whenever you like: start a party on the spot, or schedule one ahead of time so people can RSVP and get it into their calendars.",
  },
];

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "clock",
    title: "Sync you can't see",
    text: "ViewParty measures each viewer's clock offset and nudges playback speed to stay within a frame of the host. Big gaps after buffering are fixed with a single seek, small ones disappear without anyone noticing.",
  },
  {
    icon: "remote",
    title: "The host stays in charge",
    text: "Only the host can play, pause, seek and draw. No more accidental pauses from someone's cat walking across the keyboard, and no fights over the remote.",
  },
  {
    icon: "pen",
    title: "Draw on the video",
    text: "The host can sketch right on top of the picture to point at a clue, circle a player or mark a plot hole. Everyone sees the drawing on their own screen, at the same moment.",
  },
  {
    icon: "chat",
    title: "Chat your way",
    text: "Use the chat built into every party, or plug in your Twitch chat so your community talks in the place it already lives. Either way the conversation sits beside the video, not on top of it.",
  },
  {
    icon: "megaphone",
    title: "Streamer mode",
    text: "Broadcasts run several seconds behind real time. Streamer mode compensates for that delay, so viewers who watch your stream and the film together react to the same scene you do.",
  },
  {
    icon: "shield",
    title: "Free, legal and self-hostable",
    text: "ViewParty never hosts or re-streams content: everyone watches through their own legal account. The service is free, and you can run your own instance on a server you control.",
  },
];

export default function AboutPage() {
  return (
    <PageContainer>
      <PageHero
        eyebrow="About us"
        title="About ViewParty"
        lead={
          <p>
            Watching together used to mean sharing a couch. ViewParty brings that feeling online: one person presses
            play and everyone in the party sees the same moment, laughs at the same joke and gasps at the same twist,
            no matter how far apart they are.
          </p>
        }
      />

      <ContentSection id="at-a-glance" title="ViewParty at a glance">
        <CardGrid>
          {glance.map((card) => (
            <FeatureCard key={card.title} title={card.title}>
              {card.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </ContentSection>

      <ContentSection
        id="features"
        title="What makes ViewParty different"
        intro="Six things we care about more than anything else."
      >
        <CardGrid columns={3}>
          {features.map((feature) => (
            <FeatureCard key={feature.title} icon={feature.icon} title={feature.title}>
              {feature.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </ContentSection>

      <CtaPanel
        title="Ready to press play?"
        text="Set up the extension, find a party that is already running, or get your questions answered first."
      >
        <CtaLink href="/getting-started">Get Started</CtaLink>
        <CtaLink href="/parties" variant="secondary">
          Browse Watch Parties
        </CtaLink>
        <CtaLink href="/faqs" variant="secondary">
          Read the FAQs
        </CtaLink>
      </CtaPanel>
    </PageContainer>
  );
}

/** The 27 questions of the FAQ page, as plain text so the page and its FAQPage JSON-LD say the same. */
import { publicConfig } from "@/lib/config/public-config";
import {
  ACCOUNT_DELETION_DAYS,
  FAQ_MIN_BANDWIDTH_MBPS,
  FAQ_RECOMMENDED_MAX_PARTICIPANTS,
  FAQ_RECOMMENDED_RAM_GB,
  MINIMUM_AGE,
  SETUP_MINUTES,
  SUPPORT_REPLY_HOURS,
} from "@/lib/constants";

export interface FaqEntry {
  id: string;
  question: string;
  /** One string per paragraph. */
  answer: readonly string[];
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: "what-is-viewparty",
    question: "What is ViewParty?",
    answer: [
      "ViewParty is a free watch-party service. A browser extension keeps the video player of everyone in a party in sync, so you can watch movies, shows, sports and live streams with friends or a whole community as if you were in the same room.",
      "It also adds the social layer: party chat (or your Twitch chat), public and private parties, scheduling with RSVPs, and a drawing tool for the host.",
    ],
  },
  {
    id: "is-it-free",
    question: "Is ViewParty really free?",
    answer: [
      "Yes. There is no subscription, no premium tier and no advertising inside your player. The software is also self-hostable, so a community can run its own instance without paying anyone.",
    ],
  },
  {
    id: "supported-services",
    question: "Which streaming services does ViewParty work with?",
    answer: [
      "Netflix, Disney+, Prime Video, Max, Hulu, YouTube and Twitch. The extension recognises the player on each of these sites and syncs it; for live Twitch streams everyone follows the same broadcast.",
    ],
  },
  {
    id: "own-subscription",
    question: "Does everyone need their own subscription?",
    answer: [
      "Yes. Each participant watches through their own account with legal access to the service, exactly as they would alone. ViewParty only shares playback commands such as play, pause and seek between players.",
    ],
  },
  {
    id: "no-restreaming",
    question: "Does ViewParty host or re-stream any video?",
    answer: [
      "No. ViewParty never hosts, uploads, records or re-broadcasts the content you watch. The video always comes straight from the streaming service to each viewer's own browser.",
    ],
  },
  {
    id: "browsers",
    question: "Which browsers are supported?",
    answer: [
      "The extension runs on desktop Chrome, Edge and Firefox. Other Chromium-based browsers that accept Chrome extensions usually work as well, but we test on those three; there is no Safari version. Parties playing a YouTube or TikTok video need no extension at all: they play right in any modern browser, phones included.",
    ],
  },
  {
    id: "mobile",
    question: "Can I use ViewParty on my phone or tablet?",
    answer: [
      "Yes, for YouTube and TikTok: a party playing a YouTube or TikTok video opens right in your phone's browser. Tap Join Party on the Watch Parties page and you watch, chat and follow the host with nothing to install. Parties on Netflix, Disney+, Prime Video and the other streaming services need the extension, which runs on desktop Chrome, Edge and Firefox: phones and tablets do not accept browser extensions.",
    ],
  },
  {
    id: "install",
    question: "How do I install the browser extension?",
    answer: [
      "Open the Getting Started page and follow the link to the extension's store page, then click the button to add it to your browser. Pin the ViewParty icon to your toolbar so it is one click away. The whole setup takes about " +
        `${SETUP_MINUTES} minutes.`,
    ],
  },
  {
    id: "account",
    question: "Do I need an account?",
    answer: [
      "You can join parties and even host one as a guest with just a username. An account adds a public profile, RSVPs to scheduled parties and your own list of upcoming parties.",
      "Sign up with an e-mail address and password, or sign in with Twitch, Google or Kick.",
    ],
  },
  {
    id: "start-party",
    question: "How do I start a watch party?",
    answer: [
      "Open the movie, episode or stream you want to watch, click the ViewParty icon and choose Start Party. Pick public or private, then share the invite link or code. As the host, your play, pause and seek are followed by everyone who joins.",
    ],
  },
  {
    id: "invite",
    question: "How do I invite friends to a private party?",
    answer: [
      "A private party is invite-only. Send your friends the invite link, or read out the party code so they can enter it in the extension. Private parties never appear in the public list.",
    ],
  },
  {
    id: "public-vs-private",
    question: "What is the difference between public and private parties?",
    answer: [
      "Public parties are listed on the Watch Parties page, where anyone can join instantly, or RSVP if the party is scheduled for later. Private parties are only reachable through their link or code.",
    ],
  },
  {
    id: "scheduled",
    question: "How do scheduled parties and RSVPs work?",
    answer: [
      "Signed-in users can schedule a party with a title, date and time, platform and description. Others RSVP to say they are coming, and the host can see how many people to expect. You can un-RSVP at any time if your plans change.",
    ],
  },
  {
    id: "how-many",
    question: "How many people can join a party?",
    answer: [
      `There is no hard limit on participants. For the smoothest experience we recommend ${FAQ_RECOMMENDED_MAX_PARTICIPANTS} or fewer people in a party with built-in chat; larger audiences work best in streamer mode with Twitch chat.`,
    ],
  },
  {
    id: "sync-precision",
    question: "How accurate is the synchronisation?",
    answer: [
      "Playback stays within about one frame of the host. ViewParty measures each viewer's clock offset, then corrects small drift by adjusting playback speed slightly and large gaps, for example after buffering, with a single seek.",
    ],
  },
  {
    id: "who-controls",
    question: "Who controls playback?",
    answer: [
      "Only the host. The host's play, pause and seek are followed by all participants, and participants cannot pause or skip for everyone. This keeps parties calm even with lots of people.",
    ],
  },
  {
    id: "drawing",
    question: "Can I draw on the video?",
    answer: [
      "The host can draw directly on top of the video to point things out. Every participant sees the drawing on their own screen at the same moment. Drawing, like playback, is host-only.",
    ],
  },
  {
    id: "chat",
    question: "How does chat work?",
    answer: [
      "Every party has a built-in chat next to the video. Streamers can use their Twitch chat instead, so the party and the stream share one conversation.",
    ],
  },
  {
    id: "streamer-mode",
    question: "What is streamer mode?",
    answer: [
      "Live broadcasts reach viewers several seconds late. Streamer mode compensates for the broadcaster's latency, so viewers who follow your stream and the party together see each scene at the same moment as your reaction to it.",
    ],
  },
  {
    id: "twitch-legal",
    question: "Can I use ViewParty on my Twitch stream without copyright problems?",
    answer: [
      "ViewParty is designed for this: you never broadcast the film or show itself. Each viewer plays it from their own account, while your stream shows you, your reactions and the chat. Keep the movie's picture and sound out of your broadcast and follow Twitch's rules; the Streaming Guide explains the setup step by step.",
    ],
  },
  {
    id: "bandwidth",
    question: "What internet speed do I need?",
    answer: [
      `We recommend at least ${FAQ_MIN_BANDWIDTH_MBPS} Mbps per viewer for HD streaming. ViewParty's own sync messages are tiny; the bandwidth goes to the video itself, so the streaming service's own recommendations for 4K still apply.`,
    ],
  },
  {
    id: "hardware",
    question: "What computer do I need?",
    answer: [
      `Any recent desktop or laptop that plays HD video smoothly will do. We recommend ${FAQ_RECOMMENDED_RAM_GB} GB of RAM, especially if you stream to Twitch while watching.`,
    ],
  },
  {
    id: "out-of-sync",
    question: "What should I do if my video is out of sync?",
    answer: [
      "Usually nothing: ViewParty re-syncs automatically within a few seconds. If it does not, make sure you are signed in to the streaming service, that an ad or a profile prompt is not blocking your player, and refresh the tab to rejoin the party. Disabling other video extensions can help too.",
    ],
  },
  {
    id: "record",
    question: "Can I record a watch party?",
    answer: [
      "For YouTube parties you can record a synchronised video-on-demand of the session. We do not offer recording for subscription services, because their content belongs to the rights holders.",
    ],
  },
  {
    id: "self-host",
    question: "Can I run my own ViewParty server?",
    answer: [
      "Yes. ViewParty is self-hostable: a community, school or club can run its own instance on a server it controls and keep its data there. The project's README explains how to install and configure it.",
    ],
  },
  {
    id: "privacy",
    question: "What data does ViewParty keep about me, and can I delete it?",
    answer: [
      `We keep only what we need to run your account and parties, described in the Privacy Policy. ViewParty is for people aged ${MINIMUM_AGE} and over. You can ask us to delete your account at any time, and we delete it within ${ACCOUNT_DELETION_DAYS} days.`,
    ],
  },
  {
    id: "support",
    question: "How do I get help?",
    answer: [
      `E-mail ${publicConfig.supportEmail} with a short description of the problem, your browser and the streaming service you were using. We reply within ${SUPPORT_REPLY_HOURS} hours.`,
    ],
  },
];

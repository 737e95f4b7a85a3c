/** The seven chapters of the Streaming Guide accordion. */
import type { AccordionItem } from "@/components/ui/accordion";
import { TextLink } from "@/components/marketing/text-link";
import { FAQ_MIN_BANDWIDTH_MBPS, FAQ_RECOMMENDED_MAX_PARTICIPANTS, FAQ_RECOMMENDED_RAM_GB } from "@/lib/constants";

export const STREAMING_GUIDE_ITEMS: readonly AccordionItem[] = [
  {
    id: "getting-started-for-twitch",
    title: "Getting Started for Twitch",
    content: (
      <>
        <p>
          Sign in to ViewParty with your Twitch account: the party can then use your channel&apos;s chat and your
          profile shows when you are live.
        </p>
        <ul>
          <li>Install the extension and pin it to your toolbar.</li>
          <li>Open the title you want to watch and start a public party from the extension.</li>
          <li>Pick Twitch chat as the party chat so there is one conversation, not two.</li>
          <li>Turn on streamer mode before you go live, then post the party link in chat.</li>
        </ul>
      </>
    ),
  },
  {
    id: "legal-compliance",
    title: "Legal Compliance & DMCA Safety",
    content: (
      <>
        <p>
          The rule that keeps you safe is simple: never broadcast the film or show. With ViewParty each viewer plays
          it from their own subscription, in their own browser. Your stream carries you, your reactions and the chat.
        </p>
        <ul>
          <li>In OBS, capture your camera, microphone and the chat, not the browser tab with the player.</li>
          <li>Mute the player in your stream&apos;s audio mix; you can still hear it on your headphones.</li>
          <li>Remind new viewers that they need their own access to the service to watch along.</li>
          <li>Follow Twitch&apos;s community guidelines and music rules, which still apply to everything you show.</li>
        </ul>
      </>
    ),
  },
  {
    id: "latency-and-sync",
    title: "Broadcast Latency & Synchronization",
    content: (
      <>
        <p>
          Your broadcast reaches viewers a few seconds after it happens. Without compensation, they would hear you
          react to a scene they have not seen yet. Streamer mode measures that delay and holds the party&apos;s playback
          back by the same amount, so your reaction and their picture line up.
        </p>
        <ul>
          <li>Enable low-latency mode in your Twitch stream settings to keep the delay short and steady.</li>
          <li>Keep streamer mode on for the whole session; switching it mid-scene causes one re-sync.</li>
          <li>Inside the party, playback stays within a frame of the host once the offset is applied.</li>
        </ul>
      </>
    ),
  },
  {
    id: "international-viewers",
    title: "International Viewers",
    content: (
      <>
        <p>
          Streaming catalogues differ by country, so a title on your Netflix may be missing for a viewer abroad.
          Choose titles available in your audience&apos;s main regions, and announce the title ahead of time so people
          can check.
        </p>
        <ul>
          <li>Schedule parties with a date and time: each viewer sees it in their own time zone.</li>
          <li>Subtitles and audio language are chosen per viewer, so everyone can watch in their own language.</li>
          <li>ViewParty never helps bypass regional restrictions; viewers use the catalogue of their own account.</li>
        </ul>
      </>
    ),
  },
  {
    id: "best-practices",
    title: "Best Practices",
    content: (
      <ul>
        <li>Announce your watch party in advance and create a scheduled party so your community can RSVP.</li>
        <li>Start with a short countdown so latecomers can join before the opening scene.</li>
        <li>Use the drawing tool sparingly to point at details; it is more fun when it is a surprise.</li>
        <li>
          Stream on a wired connection with well over {FAQ_MIN_BANDWIDTH_MBPS} Mbps of upload and use a computer with{" "}
          {FAQ_RECOMMENDED_RAM_GB} GB of RAM or more, since you are playing video and encoding at the same time.
        </li>
        <li>Plan breaks between episodes for chat to catch up and for people to grab snacks.</li>
      </ul>
    ),
  },
  {
    id: "troubleshooting",
    title: "Troubleshooting",
    content: (
      <ul>
        <li>
          <strong>Viewers are out of sync:</strong> ask them to refresh the tab and rejoin; the extension lines them
          up again with one seek.
        </li>
        <li>
          <strong>Chat reacts too early or too late:</strong> check that streamer mode is on and that your stream
          latency setting has not changed.
        </li>
        <li>
          <strong>Someone sees an error page:</strong> they need to be signed in to the streaming service and have the
          title available in their region.
        </li>
        <li>
          <strong>The stream stutters:</strong> lower your encoder preset or output resolution before lowering the
          party&apos;s video quality.
        </li>
      </ul>
    ),
  },
  {
    id: "growing-your-community",
    title: "Growing Your Community",
    content: (
      <>
        <p>
          A regular watch party is one of the easiest ways to give a community a weekly ritual. Pick a fixed night,
          build a themed series (a director, a franchise, a decade) and let chat vote on the next pick.
        </p>
        <ul>
          <li>
            Parties of {FAQ_RECOMMENDED_MAX_PARTICIPANTS} or fewer feel like a living room; for bigger audiences rely on
            Twitch chat and your moderators.
          </li>
          <li>Give moderators a short list of rules for spoilers and for sharing links.</li>
          <li>
            For more ideas, read{" "}
            <TextLink href="/blogs/the-complete-playbook-for-streamer-watch-parties">
              The Complete Playbook for Streamer Watch Parties
            </TextLink>
            .
          </li>
        </ul>
      </>
    ),
  },
];

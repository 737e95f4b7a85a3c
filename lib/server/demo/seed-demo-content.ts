import "server-only";
import { log } from "@/lib/server/log";
/**
 * Demo content for a newcomer's first `npm start`: runs only on an empty database and only when
 * VP_SEED_DEMO=1 (npm start sets it; tests never do). A few users with profiles, scheduled parties
 * with RSVPs (one of them soon), so /parties, /scheduled-parties and /{username} are not empty. No live
 * party: nobody would be hosting it, and a party that looks live without a host is a lie on the list.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { scheduledParty, scheduledPartyRsvp, user } from "@/db/schema";
import { getAuth } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { newInviteCode } from "@/lib/server/parties/create-party";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const DEMO_USERS = [
  {
    username: "movienight",
    name: "Movie Night Crew",
    profile: { bio: "Friday classics, Sunday blockbusters. Bring snacks.", instagramUsername: "movienightcrew", twitterUsername: "movienightcrew" },
  },
  {
    username: "streamqueen",
    name: "StreamQueen",
    profile: { bio: "Variety streamer. Watch-alongs every week on Twitch.", twitchUsername: "streamqueen", youtubeUsername: "streamqueen" },
  },
  {
    username: "animeclub",
    name: "Anime Club",
    profile: { bio: "Seasonal anime, one episode at a time.", discordUsername: "animeclub", tiktokUsername: "animeclub", tiktokPrivate: true },
  },
] as const;

const id = () => randomBytes(12).toString("base64url");

export async function seedDemoContent(): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return;
  const auth = await getAuth();
  const ids: Record<(typeof DEMO_USERS)[number]["username"], string> = { movienight: "", streamqueen: "", animeclub: "" };
  for (const demo of DEMO_USERS) {
    const { user: created } = await auth.api.signUpEmail({
      body: { username: demo.username, name: demo.name, email: `${demo.username}@demo.viewparty.local`, password: `demo-${demo.username}-password` },
    });
    ids[demo.username] = created.id;
    await db.update(user).set(demo.profile).where(eq(user.id, created.id));
  }

  const now = Date.now();
  const parties = [
    { host: ids.movienight, title: "Heat (1995) watch-along", platform: "Netflix", at: now + 2 * DAY, description: "Michael Mann's classic. Pause for snacks at the diner scene." },
    { host: ids.movienight, title: "Marvel marathon: Phase One", platform: "Disney+", at: now + 6 * DAY, description: "Iron Man through The Avengers, in release order." },
    { host: ids.streamqueen, title: "Community movie vote night", platform: "Amazon Prime", at: now + 3 * DAY + 4 * HOUR, description: "Chat votes on the film; then we watch it together." },
    { host: ids.animeclub, title: "Season premiere double feature", platform: "Other", at: now + 9 * DAY, description: null },
    { host: ids.streamqueen, title: "Music video DJ set", platform: "YouTube", at: now + 1 * DAY + 2 * HOUR, description: "Requests open in chat." },
    { host: ids.streamqueen, title: "Big Buck Bunny premiere", platform: "YouTube", at: now + 45 * 60_000, description: "A Blender open movie, with the director's notes in chat." },
  ];
  const partyIds: string[] = [];
  for (const p of parties) {
    const partyId = id();
    partyIds.push(partyId);
    await db.insert(scheduledParty).values({
      id: partyId,
      hostId: p.host,
      title: p.title,
      description: p.description,
      platform: p.platform,
      dateTime: new Date(p.at),
      privacy: "public",
      inviteCode: newInviteCode(10),
    });
  }
  const rsvps: [number, string][] = [
    [0, ids.streamqueen], [0, ids.animeclub], [1, ids.animeclub], [2, ids.movienight], [2, ids.animeclub], [4, ids.movienight],
  ];
  await db.insert(scheduledPartyRsvp).values(rsvps.map(([i, userId]) => ({ partyId: partyIds[i]!, userId })));

  log.info({ users: DEMO_USERS.length, parties: parties.length }, "[viewparty] seeded demo users (password: demo-<username>-password) and scheduled parties");
}

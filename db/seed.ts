import "server-only";
/**
 * Demo content for a newcomer's first `npm start`: runs only on an empty database and only when
 * VP_SEED_DEMO=1 (npm start sets it; tests never do). Each domain adds its rows here as it lands.
 */
import { count } from "drizzle-orm";
import { getDb } from "./client";
import { user } from "./schema";

export async function seedDemoContent(): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return;
  const { getAuth } = await import("@/lib/server/auth");
  const auth = await getAuth();
  const demoUsers = [
    { username: "movienight", name: "Movie Night Crew", email: "movienight@demo.viewparty.local" },
    { username: "streamqueen", name: "StreamQueen", email: "streamqueen@demo.viewparty.local" },
    { username: "animeclub", name: "Anime Club", email: "animeclub@demo.viewparty.local" },
  ];
  for (const demo of demoUsers) {
    await auth.api.signUpEmail({
      body: { ...demo, password: `demo-${demo.username}-password` },
    });
  }
  console.log(`[viewparty] seeded ${demoUsers.length} demo users (password: demo-<username>-password)`);
}

import "server-only";
import { headers } from "next/headers";
import { getAuth } from "@/lib/server/auth";

/** The signed-in user's id for a server-rendered page (null when anonymous or the session is unreadable). */
export async function getViewerId(): Promise<string | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() }).catch(() => null);
  return session?.user.id ?? null;
}

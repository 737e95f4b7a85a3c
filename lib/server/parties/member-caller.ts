import "server-only";
/** The party-facing identity of an API caller: an account or a guest (display name for chat). */
import type { SessionUser } from "@/lib/server/http/with-api";
import { displayNameOf } from "@/lib/display-name";

export interface PartyCaller {
  id: string;
  displayName: string;
  username: string | null;
}

export function partyCaller(user: SessionUser): PartyCaller {
  return { id: user.id, displayName: displayNameOf(user) || "Guest", username: user.isGuest ? null : (user.username ?? null) };
}

/** A live party's meta for unit tests: an active public YouTube party hosted by Hank; override what a test needs. */
import type { PartyMeta } from "@/lib/sync";

export function partyMeta(overrides: Partial<PartyMeta> = {}): PartyMeta {
  return {
    id: "p1",
    state: "ACTIVE",
    title: "Movie night",
    hostUserId: "host",
    hostDisplayName: "Hank",
    platformDomain: "youtube.com",
    chatProvider: "builtin",
    chatChannel: null,
    visibility: "public",
    streamerLatencyMs: 0,
    media: { id: "m0", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "First", duration: 600 },
    ...overrides,
  };
}

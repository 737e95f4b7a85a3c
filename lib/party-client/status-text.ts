/** What the overlay says about the connection and the sync (pure: unit-tested). */
import { AD_WAIT_MAX_MS, BUFFERING_WAIT_MAX_MS, type MemberRef, type SyncStatus } from "@/lib/sync";
import type { PartyViewModel } from "./sync-session";

export const RECONNECTING = "Reconnecting...";

/**
 * "Reconnecting..." while our stream is down or the host's is (AWAITING_RECONNECT); with the server's
 * reason when it gave one (a service behind it is down), so a wait that lasts says why.
 */
export function connectionBadge(model: PartyViewModel): { text: string; tone: "ok" | "warn" | "error" } {
  if (model.connection === "closed" || model.party?.state === "ENDED") {
    return { text: model.party?.state === "ENDED" ? "The party has ended." : (model.connectionError ?? "Disconnected"), tone: "error" };
  }
  if (model.connection === "reconnecting" && model.connectionError) return { text: `${RECONNECTING} ${model.connectionError}`, tone: "warn" };
  if (model.connection !== "open" || model.party?.state === "AWAITING_RECONNECT" || !model.hostOnline) return { text: RECONNECTING, tone: "warn" };
  return { text: "Live", tone: "ok" };
}

const STATUS: Record<SyncStatus, string> = {
  idle: "Connecting…",
  clock: "Measuring the connection…",
  media: "Waiting for the party's video…",
  buffering: "Buffering…",
  ad: "You're watching an ad: back in sync when it ends",
  "user-seek": "Returning to the host's position…",
  seeking: "Catching up with the host…",
  holding: "Catching up with the host…",
  settling: "Catching up with the host…",
  correcting: "Fine-tuning sync…",
  synced: "In sync with the host",
  paused: "Paused by the host",
  "host-buffering": "The host's video is buffering: waiting for it…",
  "host-seeking": "The host is skipping: following…",
  host: "You are the host: everyone follows your player",
};

/** The host's ad holds the party like a stall of its player: said as what it is. */
export const HOST_AD_STATUS = "The host is watching an ad: waiting for it…";

export function syncStatusText(model: Pick<PartyViewModel, "status" | "driftMs" | "role"> & Partial<Pick<PartyViewModel, "ads" | "party">>): string {
  if (model.role === "host" && model.status === "clock") return "Measuring the connection…";
  if (model.status === "host-buffering" && model.party && model.ads?.some((a) => a.memberId === model.party?.hostUserId)) return HOST_AD_STATUS;
  const text = STATUS[model.status];
  if ((model.status === "synced" || model.status === "correcting") && model.driftMs !== null) {
    return `${text} (${model.driftMs >= 0 ? "+" : "−"}${Math.round(Math.abs(model.driftMs))} ms)`;
  }
  return text;
}

export function membersText(members: number): string {
  return members === 1 ? "1 watching" : `${members} watching`;
}

/** Steps of the viewer's own offset control (ms). */
export const VIEWER_OFFSET_STEP_MS = 100;

/** "In step with the host", "0.5 s ahead of the host", "1.2 s behind the host". */
export function viewerOffsetText(offsetMs: number): string {
  if (Math.round(offsetMs / 100) === 0) return "In step with the host";
  const seconds = (Math.abs(offsetMs) / 1000).toFixed(1);
  return `${seconds} s ${offsetMs > 0 ? "ahead of" : "behind"} the host`;
}

/** "Gail <one>", "Gail and Sam <many>", "Gail and 2 others <many>"; null: nobody. */
function whoText(names: readonly string[], one: string, many: string): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} ${one}`;
  if (names.length === 2) return `${names[0]} and ${names[1]} ${many}`;
  return `${names[0]} and ${names.length - 1} others ${many}`;
}

/** "Gail is buffering", "Gail and Sam are buffering", "Gail and 2 others are buffering"; null: nobody. */
export function bufferingText(buffering: readonly { displayName: string }[] | undefined): string | null {
  return whoText((buffering ?? []).map((b) => b.displayName), "is buffering", "are buffering");
}

/** "Gail is watching an ad", "The host and Sam are watching ads", "Gail and 2 others are watching ads"; null: nobody. */
export function adsText(ads: readonly MemberRef[] | undefined, hostUserId: string | null = null): string | null {
  return whoText((ads ?? []).map((a) => (a.memberId === hostUserId ? "The host" : a.displayName)), "is watching an ad", "are watching ads");
}

/** The host's own ad holds the party (see HostReporter): nobody runs ahead meanwhile. */
export const HOST_OWN_AD = "You're watching an ad: everyone waits for you";

/** "3 min": how long "Pause for ads" waits at most. */
export const AD_WAIT_TEXT = `${Math.round(AD_WAIT_MAX_MS / 60_000)} min`;

/**
 * Everyone's line about ads: who is watching one. The host also reads whether the party waits for
 * them, and that it waits for the host's own ad.
 */
export function partyAdsText(model: Pick<PartyViewModel, "role" | "ads" | "waitingForAds" | "inAd" | "party">): string | null {
  const who = adsText(model.ads, model.party?.hostUserId ?? null);
  if (model.role !== "host") return who;
  if (model.inAd) return who ? `${HOST_OWN_AD}. ${who}` : HOST_OWN_AD;
  if (!who) return null;
  return model.waitingForAds ? `${who}: everyone waits (up to ${AD_WAIT_TEXT})` : who;
}

/** The host's line about buffering members: who, and whether the party waits for them. */
export function hostBufferingText(model: Pick<PartyViewModel, "role" | "buffering" | "waitingForBuffering">): string | null {
  const who = model.role === "host" ? bufferingText(model.buffering) : null;
  if (!who) return null;
  return model.waitingForBuffering ? `${who}: everyone waits (up to ${BUFFERING_WAIT_MAX_MS / 1000} s)` : who;
}

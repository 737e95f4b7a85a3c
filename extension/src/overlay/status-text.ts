/** What the overlay says about the connection and the sync (pure: unit-tested). */
import { BUFFERING_WAIT_MAX_MS, type SyncStatus } from "@/lib/sync";
import type { PartyViewModel } from "../content/sync-session";

export const RECONNECTING = "Reconnecting...";

/** "Reconnecting..." while our stream is down or the host's is (AWAITING_RECONNECT). */
export function connectionBadge(model: PartyViewModel): { text: string; tone: "ok" | "warn" | "error" } {
  if (model.connection === "closed" || model.party?.state === "ENDED") {
    return { text: model.party?.state === "ENDED" ? "The party has ended." : (model.connectionError ?? "Disconnected"), tone: "error" };
  }
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
  host: "You are the host: everyone follows your player",
};

export function syncStatusText(model: Pick<PartyViewModel, "status" | "driftMs" | "role">): string {
  if (model.role === "host" && model.status === "clock") return "Measuring the connection…";
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

/** "Gail is buffering", "Gail and Sam are buffering", "Gail and 2 others are buffering"; null: nobody. */
export function bufferingText(buffering: readonly { displayName: string }[] | undefined): string | null {
  const names = (buffering ?? []).map((b) => b.displayName);
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is buffering`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are buffering`;
  return `${names[0]} and ${names.length - 1} others are buffering`;
}

/** The host's line about buffering members: who, and whether the party waits for them. */
export function hostBufferingText(model: Pick<PartyViewModel, "role" | "buffering" | "waitingForBuffering">): string | null {
  const who = model.role === "host" ? bufferingText(model.buffering) : null;
  if (!who) return null;
  return model.waitingForBuffering ? `${who}: everyone waits (up to ${BUFFERING_WAIT_MAX_MS / 1000} s)` : who;
}

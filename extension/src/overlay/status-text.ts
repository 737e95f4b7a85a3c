/** What the overlay says about the connection and the sync (pure: unit-tested). */
import type { SyncStatus } from "@/lib/sync";
import type { PartyViewModel } from "../content/sync-session";

export const RECONNECTING = "Reconnecting...";

/** "Reconnecting..." while our stream is down or the host's is (spec §4 AWAITING_RECONNECT). */
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
  "user-seek": "Returning to the host's position…",
  seeking: "Catching up with the host…",
  holding: "Catching up with the host…",
  settling: "Catching up with the host…",
  correcting: "Fine-tuning sync…",
  synced: "In sync with the host",
  paused: "Paused by the host",
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

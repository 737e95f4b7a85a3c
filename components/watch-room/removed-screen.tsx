/**
 * What a member the host removed sees instead of the room: once, why (kick or ban), for how long (the
 * server refuses a kicked member's return for KICK_MINUTES, a banned one's for good), and where to go.
 */
import { KICK_MINUTES, removalMessage, type RemovalReason } from "@/lib/sync";
import { RoomExitLinks } from "./room-exit-links";

export function RemovedScreen({ reason, title }: { reason: RemovalReason; title: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12" data-testid="removed-screen">
      <h1 className="text-2xl font-bold text-white">{reason === "ban" ? "You were banned from this party" : "You were removed from this party"}</h1>
      <p className="mt-1 text-slate-400">{title}</p>
      <div role="alert" className="mt-4 text-slate-200">
        <p data-testid="removed-notice">{removalMessage(reason)}</p>
        <p className="mt-2">
          {reason === "ban" ? "You can't join this party again." : `You can join again in ${KICK_MINUTES} minutes.`}
        </p>
      </div>
      <RoomExitLinks />
    </div>
  );
}

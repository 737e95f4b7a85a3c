"use client";
/**
 * A scheduled party's way into its live party: the host starts it from the programme (or reopens the
 * one running); everyone else who sees the party gets "Live now" with a Join link once it has started.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { startScheduledParty } from "@/lib/api/use-scheduled-parties";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { failureText } from "./failure-text";
import { Button } from "@/components/ui/button";

const roomPath = (joinId: string) => `/watch/${encodeURIComponent(joinId)}`;

export function LivePartyActions({ party, isOwner }: { party: ScheduledParty; isOwner: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { party: live } = await startScheduledParty(party.id);
      router.push(roomPath(live.id));
    } catch (failure) {
      setError(failureText("Failed to start the party.", failure));
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-2">
      {party.live && (
        <p className="text-sm text-emerald-200" data-testid="scheduled-live">
          <span className="font-semibold">Live now.</span>{" "}
          <Link href={roomPath(party.live.join_id)} className="font-medium text-cyan-300 underline">
            {isOwner ? "Open the room" : "Join the party"}
          </Link>
        </p>
      )}
      {isOwner && !party.live && (
        <Button disabled={busy || party.programme.length === 0} onClick={() => void start()}>
          {busy ? "Starting..." : "Start live party"}
        </Button>
      )}
      {isOwner && !party.live && party.programme.length === 0 && <p className="text-sm text-slate-300">Add at least one video to the programme to start the party.</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

"use client";
/**
 * /parties: live parties (polled, patched by the deltas stream) and scheduled parties.
 * "Loading parties..." until the first answers; a red banner with the error's message on failure.
 */
import { useActiveParties } from "@/lib/api/use-active-parties";
import { useScheduledParties } from "@/lib/api/use-scheduled-parties";
import { Suspense } from "react";
import { HostPartyButton } from "./host-party-button";
import { InviteBanner } from "./invite-banner";
import { LivePartiesTable } from "./live-parties-table";
import { ScheduledPartiesTable } from "./scheduled-parties-table";

export function ErrorBanner({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-400 bg-red-950 px-4 py-3 font-medium text-red-100">
      {message}
    </p>
  );
}

export function PartiesView() {
  const live = useActiveParties();
  const scheduled = useScheduledParties();

  // The page fills from the top down, so nothing that arrives pushes what is already on screen: the
  // scheduled list waits for the live one, and "Loading parties..." stands where the next list will.
  const liveSettled = Boolean(live.data || live.error);
  const loading = (
    <p role="status" className="text-slate-300">
      Loading parties...
    </p>
  );

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-cyan-300/40 bg-slate-900 p-4 sm:p-5">
        <p className="min-w-0 flex-1 text-slate-200">
          Pick a film, set a time and share the link: your friends RSVP, and at the start everyone presses play together.
        </p>
        <HostPartyButton />
      </div>
      {/* Reads the query string (?invite=): client-only, the rest of the page renders without it. */}
      <Suspense fallback={null}>
        <InviteBanner />
      </Suspense>
      {live.error && <ErrorBanner message={live.error.message || "Error loading parties"} />}
      {scheduled.error && <ErrorBanner message={scheduled.error.message || "Error loading scheduled parties"} />}
      {/* After a failed poll the last good list stays on screen under the banner. */}
      {live.data ? <LivePartiesTable parties={live.data} /> : !live.error && loading}
      {liveSettled &&
        (scheduled.data ? (
          <ScheduledPartiesTable parties={scheduled.data} title="Scheduled Parties" headingId="scheduled-parties-title" />
        ) : (
          !scheduled.error && loading
        ))}
    </div>
  );
}

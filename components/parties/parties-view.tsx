"use client";
/**
 * /parties (spec §2): live parties (polled, patched by the deltas stream) and scheduled parties.
 * "Loading parties..." until the first answers; a red banner with the error's message on failure.
 */
import { useActiveParties } from "@/lib/api/use-active-parties";
import { useScheduledParties } from "@/lib/api/use-scheduled-parties";
import { Suspense } from "react";
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

  const loading = (!live.data && !live.error) || (!scheduled.data && !scheduled.error);

  return (
    <div className="space-y-10">
      {/* Reads the query string (?invite=): client-only, the rest of the page renders without it. */}
      <Suspense fallback={null}>
        <InviteBanner />
      </Suspense>
      {loading && (
        <p role="status" className="text-slate-300">
          Loading parties...
        </p>
      )}
      {live.error && <ErrorBanner message={live.error.message || "Error loading parties"} />}
      {scheduled.error && <ErrorBanner message={scheduled.error.message || "Error loading scheduled parties"} />}
      {/* After a failed poll the last good list stays on screen under the banner. */}
      {live.data && <LivePartiesTable parties={live.data} />}
      {scheduled.data && <ScheduledPartiesTable parties={scheduled.data} title="Scheduled Parties" headingId="scheduled-parties-title" />}
    </div>
  );
}

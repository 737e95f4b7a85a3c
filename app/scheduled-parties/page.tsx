import type { Metadata } from "next";
import { Suspense } from "react";
import { PageShell } from "@/components/common/page-shell";
import { ScheduledPartyList } from "@/components/parties/scheduled-party-list";

export const metadata: Metadata = {
  title: "Scheduled Parties - ViewParty",
  description: "Upcoming watch parties with their hosts and start times.",
  alternates: { canonical: "/scheduled-parties" },
};

export default function ScheduledPartiesPage() {
  return (
    <PageShell wide title="Scheduled Parties" lead="Upcoming watch parties, their hosts and when they start.">
      {/* The list reads ?party=&code= (invite links); the rest of the page renders statically. */}
      <Suspense fallback={<p className="text-slate-300">Loading scheduled parties...</p>}>
        <ScheduledPartyList />
      </Suspense>
    </PageShell>
  );
}

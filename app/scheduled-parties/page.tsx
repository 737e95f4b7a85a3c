import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";

export const metadata: Metadata = {
  title: "Scheduled Parties - ViewParty",
  description: "Upcoming watch parties with their hosts and start times.",
  alternates: { canonical: "/scheduled-parties" },
};

export default function ScheduledPartiesPage() {
  return <PageShell wide title="Scheduled Parties" lead="Upcoming watch parties, their hosts and when they start." />;
}

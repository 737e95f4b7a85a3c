import type { Metadata } from "next";
import Link from "next/link";
import { PageShell } from "@/components/common/page-shell";
import { PartiesView } from "@/components/parties/parties-view";

export const metadata: Metadata = {
  title: "Public Watch Parties - ViewParty",
  description: "Join a live watch party or RSVP to a scheduled one.",
  alternates: { canonical: "/parties" },
};

export default function PartiesPage() {
  return (
    <PageShell
      wide
      title="Public Watch Parties"
      lead={
        <>
          Live parties you can join right now and scheduled parties you can RSVP to. Install the extension, sign in to your own
          streaming account, and press Join. New here? Read{" "}
          <Link className="text-cyan-300 underline" href="/getting-started">
            Getting Started
          </Link>{" "}
          first.
        </>
      }
    >
      <PartiesView />
    </PageShell>
  );
}

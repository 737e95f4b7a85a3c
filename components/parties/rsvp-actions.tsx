"use client";
/**
 * A party's RSVP control: "RSVP", or a disabled "RSVP'd" plus "Un-RSVP". The host sees "You host
 * this" instead: they cannot RSVP to their own party (the API refuses it too).
 */
import { Badge } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { RsvpControls } from "./use-rsvp";

interface Props {
  partyId: string;
  title: string;
  controls: RsvpControls;
  code?: string | null;
  hostId?: string | null;
}

export function RsvpActions({ partyId, title, controls, code, hostId }: Props) {
  const { user } = useCurrentUser();
  const busy = controls.isBusy(partyId);
  if (user && hostId && user.id === hostId) return <Badge tone="info">You host this</Badge>;
  if (controls.isRsvped(partyId)) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled aria-label={`RSVP'd: ${title}`}>
          RSVP&apos;d
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} aria-label={`Un-RSVP: ${title}`} onClick={() => void controls.unRsvp(partyId)}>
          Un-RSVP
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" disabled={busy} aria-label={`RSVP: ${title}`} onClick={() => void controls.rsvp(partyId, code)}>
      RSVP
    </Button>
  );
}

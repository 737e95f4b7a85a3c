"use client";
/** A party's RSVP control: "RSVP", or a disabled "RSVP'd" plus "Un-RSVP" (spec §4). */
import type { RsvpControls } from "./use-rsvp";
import { smallButtonClass, smallSecondaryButtonClass } from "./styles";

export function RsvpActions({ partyId, title, controls, code }: { partyId: string; title: string; controls: RsvpControls; code?: string | null }) {
  const busy = controls.isBusy(partyId);
  if (controls.isRsvped(partyId)) {
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButtonClass} disabled aria-label={`RSVP'd: ${title}`}>
          RSVP&apos;d
        </button>
        <button type="button" className={smallSecondaryButtonClass} disabled={busy} aria-label={`Un-RSVP: ${title}`} onClick={() => void controls.unRsvp(partyId)}>
          Un-RSVP
        </button>
      </div>
    );
  }
  return (
    <button type="button" className={smallButtonClass} disabled={busy} aria-label={`RSVP: ${title}`} onClick={() => void controls.rsvp(partyId, code)}>
      RSVP
    </button>
  );
}

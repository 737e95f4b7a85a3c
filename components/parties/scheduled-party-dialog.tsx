"use client";
/**
 * "Party Details" (profile): a scheduled party's details; its host may switch to "Edit
 * Party" (save returns to the details) or delete it after confirming. Others see RSVP actions.
 */
import { PartyTime } from "./party-time";
import { useState, type ReactNode } from "react";
import { deleteScheduledParty, updateScheduledParty } from "@/lib/api/use-scheduled-parties";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { Dialog } from "./dialog";
import { failureText } from "./failure-text";
import { orDash, scheduledStatusLabel, statusLabel } from "./format";
import { HostName } from "./host-name";
import { LivePartyActions } from "./live-party-actions";
import { ProgrammeSection } from "./programme-section";
import { RsvpActions } from "./rsvp-actions";
import { ScheduledPartyForm } from "./scheduled-party-form";
import { useRsvp } from "./use-rsvp";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export const DELETE_CONFIRMATION = "Delete this scheduled party?";
export const CHANGES_SAVED = "Changes saved.";
export const PARTY_DELETED = "Party deleted.";

function inviteLink(party: ScheduledParty): string | null {
  if (party.privacy !== "private" || !party.invite_code || typeof window === "undefined") return null;
  return `${window.location.origin}/scheduled-parties?party=${encodeURIComponent(party.id)}&code=${encodeURIComponent(party.invite_code)}`;
}

/** The party's .ics file (a private party's with the code that let the viewer see it). */
function calendarPath(party: ScheduledParty, code?: string | null): string {
  const key = party.invite_code ?? code;
  return `/api/v1/scheduled-parties/${encodeURIComponent(party.id)}/calendar${key ? `?code=${encodeURIComponent(key)}` : ""}`;
}

function Details({ party, code }: { party: ScheduledParty; code?: string | null }) {
  const link = inviteLink(party);
  const rows: [string, ReactNode][] = [
    ["Title", party.title || "N/A"],
    ["Host", <HostName key="host" party={party} />],
    ["Platform", orDash(party.show_movie)],
    ["Scheduled For", <PartyTime key="when" iso={party.date_time} />],
    ["Status", scheduledStatusLabel(party)],
    ["Privacy", statusLabel(party.privacy)],
    ["RSVPs", party.rsvp_count],
    ["Description", <span key="d" className="whitespace-pre-line">{orDash(party.description)}</span>],
    [
      "Calendar",
      <a key="cal" href={calendarPath(party, code)} download className="text-accent-fg underline hover:no-underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
        Add to calendar (.ics)
      </a>,
    ],
  ];
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-300">{term}</dt>
          <dd className="break-words text-slate-100">{value}</dd>
        </div>
      ))}
      {link && (
        <div className="contents">
          <dt className="font-medium text-slate-300">Invite link</dt>
          <dd>
            <Input readOnly value={link} aria-label="Invite link" className="text-xs" onFocus={(e) => e.currentTarget.select()} />
          </dd>
        </div>
      )}
    </dl>
  );
}

interface Props {
  party: ScheduledParty;
  /** The viewer hosts it: edit and delete instead of RSVP. */
  isOwner: boolean;
  onClose: () => void;
  /** A private party's invite code, when the viewer came through an invite link. */
  code?: string | null;
}

export function ScheduledPartyDialog({ party: latest, isOwner, onClose, code }: Props) {
  // The caller passes the party as its list now has it (RSVP counts move); an edit shows at once.
  // A save shows until the list fetches again (its next copy of the party includes the save).
  const [savedOver, setSavedOver] = useState<{ over: ScheduledParty; party: ScheduledParty } | null>(null);
  const party = savedOver && savedOver.over === latest ? savedOver.party : latest;
  const setSaved = (saved: ScheduledParty) => setSavedOver({ over: latest, party: saved });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controls = useRsvp();
  const confirm = useConfirm();
  const toast = useToast();

  async function remove() {
    if (!(await confirm({ message: DELETE_CONFIRMATION, confirmLabel: "Delete", danger: true }))) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteScheduledParty(party.id);
      toast.success(PARTY_DELETED);
      onClose();
    } catch (failure) {
      setError(failureText("Failed to delete party.", failure));
      setDeleting(false);
    }
  }

  if (editing) {
    return (
      <Dialog title="Edit Party" onClose={onClose}>
        <ScheduledPartyForm
          party={party}
          submitLabel="Save"
          busyLabel="Saving..."
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            try {
              setSaved(await updateScheduledParty(party.id, input));
              setEditing(false);
              toast.success(CHANGES_SAVED);
            } catch (failure) {
              throw new Error(failureText("Failed to save changes.", failure));
            }
          }}
        />
      </Dialog>
    );
  }

  return (
    <Dialog title="Party Details" onClose={onClose}>
      <Details party={party} code={code} />
      <LivePartyActions party={party} isOwner={isOwner} />
      <ProgrammeSection party={party} isOwner={isOwner} onSaved={setSaved} />
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {isOwner ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)} disabled={deleting}>
              Edit Party
            </Button>
            <Button variant="danger" size="sm" onClick={() => void remove()} disabled={deleting}>
              {deleting ? "Deleting..." : "Delete Party"}
            </Button>
          </>
        ) : (
          <RsvpActions partyId={party.id} title={party.title} controls={controls} code={code} />
        )}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

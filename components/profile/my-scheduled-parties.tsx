"use client";
/**
 * My Scheduled Parties: your parties, a "Create New Party" form (toggles with
 * "Cancel", starts empty each time, the new party joins the list) and each party's details modal.
 */
import { PartyTime } from "@/components/parties/party-time";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { DataTable, MessageRow, rowClass, RowTh, Td } from "@/components/parties/data-table";
import { failureText } from "@/components/parties/failure-text";
import { statusLabel } from "@/components/parties/format";
import { useToast } from "@/components/ui/toast";
import { createScheduledParty, useMyScheduledParties } from "@/lib/api/use-scheduled-parties";
import { ProfileSection } from "./profile-section";
import { Button } from "@/components/ui/button";

export const NO_OWN_PARTIES = "No scheduled parties found.";
export const PARTY_CREATED = "Party created.";
/** Where "Host a party" on /parties leads a signed-in visitor. */
export const MY_PARTIES_ANCHOR = "my-scheduled-parties";

/**
 * The form and the details modal (with their schemas, and zod) load when opened: the profile's
 * list does not need them. The form's place says "Loading..." for that moment; the modal opens
 * once it has loaded.
 */
const ScheduledPartyForm = dynamic(() => import("@/components/parties/scheduled-party-form").then((m) => m.ScheduledPartyForm), {
  loading: () => (
    <p role="status" className="text-slate-300">
      Loading...
    </p>
  ),
});
const ScheduledPartyDialog = dynamic(() => import("@/components/parties/scheduled-party-dialog").then((m) => m.ScheduledPartyDialog));

const COLUMNS = ["Title", "Platform", "Scheduled For", "Privacy", "RSVPs", "Actions"] as const;

export function MyScheduledParties() {
  const { data, error } = useMyScheduledParties();
  const [creating, setCreating] = useState(false);
  // A new key each time the form opens, so it always starts empty.
  const [formKey, setFormKey] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId ? data?.find((p) => p.id === openId) : undefined;
  const toast = useToast();

  let body: ReactNode;
  if (error) body = <MessageRow colSpan={COLUMNS.length}><span role="alert" className="text-red-300">Failed to load your scheduled parties.</span></MessageRow>;
  else if (!data) body = <MessageRow colSpan={COLUMNS.length}>Loading your scheduled parties...</MessageRow>;
  else if (data.length === 0) body = <MessageRow colSpan={COLUMNS.length}>{NO_OWN_PARTIES}</MessageRow>;
  else {
    body = data.map((party) => (
      <tr key={party.id} className={rowClass} data-testid="my-party-row">
        <RowTh>
          {party.title}
        </RowTh>
        <Td label="Platform">{party.show_movie}</Td>
        <Td label="Scheduled For"><PartyTime iso={party.date_time} /></Td>
        <Td label="Privacy">{statusLabel(party.privacy)}</Td>
        <Td label="RSVPs">{party.rsvp_count}</Td>
        <Td label="Actions">
          <Button variant="secondary" size="sm" aria-label={`Details: ${party.title}`} onClick={() => setOpenId(party.id)}>
            Details
          </Button>
        </Td>
      </tr>
    ));
  }

  return (
    <ProfileSection
      title="My Scheduled Parties"
      anchor={MY_PARTIES_ANCHOR}
      actions={
        <Button
          variant="secondary" size="sm"
          aria-expanded={creating}
          onClick={() => {
            if (!creating) setFormKey((k) => k + 1);
            setCreating(!creating);
          }}
        >
          {creating ? "Cancel" : "Create New Party"}
        </Button>
      }
    >
      {creating && (
        <div className="mb-5 rounded-lg border border-slate-700 p-4">
          <ScheduledPartyForm
            key={formKey}
            submitLabel="Create Party"
            busyLabel="Creating..."
            onSubmit={async (input) => {
              try {
                await createScheduledParty(input);
                setCreating(false);
                toast.success(PARTY_CREATED);
              } catch (failure) {
                throw new Error(failureText("Failed to create party.", failure));
              }
            }}
          />
        </div>
      )}
      <DataTable caption="My scheduled parties" columns={COLUMNS} minWidth="40rem">
        {body}
      </DataTable>
      {open && <ScheduledPartyDialog party={open} isOwner onClose={() => setOpenId(null)} />}
    </ProfileSection>
  );
}

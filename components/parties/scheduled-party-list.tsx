"use client";
/**
 * /scheduled-parties: Title, Host, Start Time, Status,
 * Actions. View opens the party's details; an invite link (?party=…&code=…) opens a private one.
 */
import { PartyTime } from "./party-time";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { useScheduledParties, useScheduledParty } from "@/lib/api/use-scheduled-parties";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { DataTable, MessageRow, rowClass, RowTh, Td } from "./data-table";
import { LIVE_NOW, orDash, scheduledStatusLabel } from "./format";
import { Badge } from "@/components/ui/card";
import { HostName } from "./host-name";
import { NO_SCHEDULED_PARTIES } from "./scheduled-parties-table";
import { ScheduledPartyDialog } from "./scheduled-party-dialog";
import { Button } from "@/components/ui/button";

const COLUMNS = ["Title", "Host", "Start Time", "Status", "Actions"] as const;
export const SCHEDULED_LIST_ERROR = "Error loading scheduled parties";

/** The party an invite link names; the dialog opens once it has loaded. */
function InvitedParty({ id, code, onClose }: { id: string; code: string | null; onClose: () => void }) {
  const { user } = useCurrentUser();
  const { data, error } = useScheduledParty(id, code);
  if (error) {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-red-400 bg-red-950 px-4 py-3 text-red-100">
        {error.message || "Scheduled party not found."}
      </p>
    );
  }
  return data ? <ScheduledPartyDialog party={data} isOwner={user?.id === data.host_id} onClose={onClose} code={code} /> : null;
}

export function ScheduledPartyList() {
  const { user } = useCurrentUser();
  const { data, error } = useScheduledParties();
  const [openId, setOpenId] = useState<string | null>(null);
  const params = useSearchParams();
  const router = useRouter();
  const invitedId = params.get("party");
  const open: ScheduledParty | undefined = openId ? data?.find((p) => p.id === openId) : undefined;

  let body: ReactNode;
  if (error) {
    body = (
      <MessageRow colSpan={COLUMNS.length}>
        <span role="alert" className="font-medium text-red-300">
          {SCHEDULED_LIST_ERROR}
        </span>
      </MessageRow>
    );
  } else if (!data) {
    body = <MessageRow colSpan={COLUMNS.length}>Loading scheduled parties...</MessageRow>;
  } else if (data.length === 0) {
    body = <MessageRow colSpan={COLUMNS.length}>{NO_SCHEDULED_PARTIES}</MessageRow>;
  } else {
    body = data.map((party) => (
      <tr key={party.id} className={rowClass} data-testid="scheduled-party-row">
        <RowTh>
          {orDash(party.title)}
        </RowTh>
        <Td label="Host">
          <HostName party={party} />
        </Td>
        <Td label="Start Time">
          <PartyTime iso={party.date_time} />
        </Td>
        <Td label="Status">{party.live ? <Badge tone="online">{LIVE_NOW}</Badge> : scheduledStatusLabel(party)}</Td>
        <Td label="Actions">
          <Button variant="secondary" size="sm" aria-label={`View ${party.title}`} onClick={() => setOpenId(party.id)}>
            View
          </Button>
        </Td>
      </tr>
    ));
  }

  return (
    <>
      {invitedId && <InvitedParty id={invitedId} code={params.get("code")} onClose={() => router.replace("/scheduled-parties")} />}
      <DataTable caption="Scheduled parties" columns={COLUMNS} minWidth="36rem">
        {body}
      </DataTable>
      {open && <ScheduledPartyDialog party={open} isOwner={user?.id === open.host_id} onClose={() => setOpenId(null)} />}
    </>
  );
}

"use client";
/**
 * The profile's RSVP lists, both from GET /scheduled-parties/me/joined and split by time, so no party
 * shows twice: "RSVP'd Parties" are the upcoming ones (each with Un-RSVP after confirmation) and
 * "Joined Scheduled Parties" the ones whose time has passed (what you went to).
 */
import { PartyTime } from "@/components/parties/party-time";
import type { ReactNode } from "react";
import { DataTable, MessageRow, rowClass, RowTh, Td } from "@/components/parties/data-table";
import { statusLabel } from "@/components/parties/format";
import { HostName } from "@/components/parties/host-name";
import { useRsvp } from "@/components/parties/use-rsvp";
import { useJoinedScheduledParties } from "@/lib/api/use-scheduled-parties";
import { ProfileSection } from "./profile-section";
import { Button } from "@/components/ui/button";

export const NO_JOINED = "No joined parties yet.";
export const NO_RSVPS = "You haven't RSVP'd to any parties yet.";
const LOAD_FAILED = "Failed to load joined parties.";

const JOINED_COLUMNS = ["Title", "Host", "Scheduled For", "Status"] as const;

export function JoinedScheduledParties() {
  const { data, error } = useJoinedScheduledParties();
  const past = data?.filter((r) => r.status === "past");
  let body: ReactNode;
  if (error) body = <MessageRow colSpan={JOINED_COLUMNS.length}><span role="alert" className="text-red-300">{LOAD_FAILED}</span></MessageRow>;
  else if (!past) body = <MessageRow colSpan={JOINED_COLUMNS.length}>Loading joined parties...</MessageRow>;
  else if (past.length === 0) body = <MessageRow colSpan={JOINED_COLUMNS.length}>{NO_JOINED}</MessageRow>;
  else {
    body = past.map((record) => (
      <tr key={record.id} className={rowClass}>
        <RowTh>
          {record.title}
        </RowTh>
        <Td label="Host">
          <HostName party={record} />
        </Td>
        <Td label="Scheduled For"><PartyTime iso={record.date_time} /></Td>
        <Td label="Status">{statusLabel(record.status)}</Td>
      </tr>
    ));
  }
  return (
    <ProfileSection title="Joined Scheduled Parties" lead="Parties you RSVP'd to whose time has come and gone.">
      <DataTable caption="Joined scheduled parties" columns={JOINED_COLUMNS} minWidth="32rem">
        {body}
      </DataTable>
    </ProfileSection>
  );
}

export function RsvpdParties() {
  const { data, error } = useJoinedScheduledParties();
  const controls = useRsvp();
  const upcoming = data?.filter((r) => r.status === "upcoming") ?? [];
  let body: ReactNode;
  if (error) body = <p role="alert" className="text-red-300">{LOAD_FAILED}</p>;
  else if (!data) body = <p className="text-slate-300">Loading your RSVPs...</p>;
  else if (upcoming.length === 0) body = <p className="text-[color:var(--profile-text)]">{NO_RSVPS}</p>;
  else {
    body = (
      <ul className="divide-y divide-slate-700">
        {upcoming.map((record) => (
          <li key={record.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="rsvpd-party">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-white">{record.title}</p>
              <p className="text-sm text-slate-300">
                {record.show_movie} · <PartyTime iso={record.date_time} /> · hosted by{" "}
                <HostName party={record} />
              </p>
            </div>
            <Button
              variant="secondary" size="sm"
              disabled={controls.isBusy(record.scheduled_party_id)}
              aria-label={`Un-RSVP: ${record.title}`}
              onClick={() => void controls.unRsvp(record.scheduled_party_id, { failureText: "Failed to un-RSVP." })}
            >
              Un-RSVP
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ProfileSection title="RSVP'd Parties" lead="Upcoming parties you said you will join.">
      {body}
    </ProfileSection>
  );
}

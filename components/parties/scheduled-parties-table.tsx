"use client";
/**
 * Scheduled Parties (/parties; the public profile's "Scheduled Parties by {name}" without
 * the Host column): Title (with the platform's icon), Host (with their picture), Platform (filter), Description, RSVPs (sort), Scheduled For,
 * Action (RSVP, or a disabled "RSVP'd" plus Un-RSVP; once its host started it, "Live now: Join").
 */
import { PartyTime } from "./party-time";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { DataTable, MessageRow, rowClass, RowTh, Td } from "./data-table";
import { DASH, orDash } from "./format";
import { HostWithAvatar } from "./host-name";
import { PlatformIcon } from "./platform-icon";
import { RsvpActions } from "./rsvp-actions";
import { ALL_PLATFORMS, filterAndSort, PlatformFilter, platformOptions, SortSelect, type SortOrder } from "./table-controls";
import { useRsvp } from "./use-rsvp";

export const NO_SCHEDULED_PARTIES = "No scheduled parties found.";

interface Props {
  parties: ScheduledParty[];
  title: string;
  headingId: string;
  /** Off on a host's own profile page, where every row has the same host. */
  showHost?: boolean;
  /** What a missing title shows (spec: a dash on /parties, "N/A" on the public profile). */
  missingTitle?: string;
  empty?: ReactNode;
}

export function ScheduledPartiesTable({ parties, title, headingId, showHost = true, missingTitle = DASH, empty = NO_SCHEDULED_PARTIES }: Props) {
  const [platform, setPlatform] = useState(ALL_PLATFORMS);
  const [order, setOrder] = useState<SortOrder>("most");
  const controls = useRsvp();
  const columns = ["Title", ...(showHost ? ["Host"] : []), "Platform", "Description", "RSVPs", "Scheduled For", "Action"];
  const platformOf = (p: ScheduledParty) => p.show_movie || null;
  const rows = filterAndSort(parties, { platform, order, platformOf, countOf: (p) => p.rsvp_count });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-semibold [overflow-wrap:anywhere] text-white">
          {title}
        </h2>
        <div className="flex flex-wrap gap-3">
          <PlatformFilter label="Platform" options={platformOptions(parties.map(platformOf))} value={platform} onChange={setPlatform} />
          <SortSelect label="RSVPs" noun="RSVPs" value={order} onChange={setOrder} />
        </div>
      </div>
      <DataTable caption={title} columns={columns}>
        {rows.length === 0 ? (
          <MessageRow colSpan={columns.length}>{empty}</MessageRow>
        ) : (
          rows.map((party) => (
            <tr key={party.id} className={rowClass} data-testid="scheduled-party-row">
              <RowTh>
                <span className="flex min-w-0 items-center gap-3">
                  <PlatformIcon platform={party.show_movie} />
                  <span className="min-w-0 [overflow-wrap:anywhere]">{party.title || missingTitle}</span>
                </span>
              </RowTh>
              {showHost && (
                <Td label="Host">
                  <HostWithAvatar party={party} />
                </Td>
              )}
              <Td label="Platform">{orDash(party.show_movie)}</Td>
              <Td label="Description" className="max-w-xs whitespace-pre-line break-words">{orDash(party.description)}</Td>
              <Td label="RSVPs" data-testid="rsvp-count">
                {party.rsvp_count}
              </Td>
              <Td label="Scheduled For">
                <PartyTime iso={party.date_time} />
              </Td>
              <Td label="Action">
                <div className="flex flex-wrap items-center gap-2">
                  {party.live && (
                    <Link href={`/watch/${encodeURIComponent(party.live.join_id)}`} className="rounded-md bg-emerald-300 px-3 py-1 text-sm font-semibold text-slate-950 hover:bg-emerald-200" aria-label={`Live now: Join ${party.title || missingTitle}`}>
                      Live now: Join
                    </Link>
                  )}
                  <RsvpActions partyId={party.id} title={party.title || missingTitle} controls={controls} hostId={party.host_id} />
                </div>
              </Td>
            </tr>
          ))
        )}
      </DataTable>
    </section>
  );
}

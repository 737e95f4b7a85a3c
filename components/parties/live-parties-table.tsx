"use client";
/**
 * Live Parties (/parties): Chat Provider, Host (with their picture), Platform (filter), Now Playing
 * (the video's thumbnail or platform icon; synopsis as tooltip), Viewers (sort), Status, Action. Ended parties are hidden; AWAITING_RECONNECT shows a
 * "Reconnecting..." badge, HOST_AWAY (the host gone longer than a short grace) "Host away", any other
 * state an active one. The heading counts the parties live now: a party without its host is not one,
 * and it sinks below the live ones.
 */
import { useState } from "react";
import type { LiveParty } from "@/lib/api/use-active-parties";
import { platformName } from "@/lib/platforms";
import { DataTable, MessageRow, rowClass, Td } from "./data-table";
import { chatProviderLabel, DASH, orDash } from "./format";
import { HostWithAvatar, hostLabel } from "./host-name";
import { PartyArt } from "./party-art";
import { isRoomPlayable } from "@/lib/watch-room/media-key";
import { JoinPartyButton, WatchRoomLink } from "./join-party-button";
import { ALL_PLATFORMS, filterAndSort, PlatformFilter, platformOptions, SortSelect, type SortOrder } from "./table-controls";
import { Badge } from "@/components/ui/card";
import { isLiveNow } from "@/lib/listed-party-state";

const COLUMNS = ["Chat Provider", "Host", "Platform", "Now Playing", "Viewers", "Status", "Action"] as const;
export const NO_ACTIVE_PARTIES = "No active parties found";

export const HOST_AWAY_LABEL = "Host away";

export function StatusBadge({ state }: { state: LiveParty["state"] }) {
  if (state === "HOST_AWAY") return <Badge tone="neutral">{HOST_AWAY_LABEL}</Badge>;
  return state === "AWAITING_RECONNECT" ? <Badge tone="warning">Reconnecting...</Badge> : <Badge tone="online">Live</Badge>;
}

/** "3 live now" (a party whose host is away is listed, not counted). */
export function liveCountLabel(parties: readonly Pick<LiveParty, "state">[]): string {
  return `${parties.filter((p) => isLiveNow(p.state)).length} live now`;
}

export function LivePartiesTable({ parties }: { parties: LiveParty[] }) {
  const [platform, setPlatform] = useState(ALL_PLATFORMS);
  const [order, setOrder] = useState<SortOrder>("most");
  const visible = parties.filter((p) => p.state !== "ENDED");
  const platformOf = (p: LiveParty) => platformName(p.platform_domain);
  const sorted = filterAndSort(visible, { platform, order, platformOf, countOf: (p) => p.party_size });
  const rows = [...sorted.filter((p) => isLiveNow(p.state)), ...sorted.filter((p) => !isLiveNow(p.state))];

  return (
    <section aria-labelledby="live-parties-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="live-parties-title" className="text-2xl font-semibold text-white">
            Live Parties
          </h2>
          <p className="text-slate-300" data-testid="live-count" aria-live="polite">
            {liveCountLabel(visible)}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <PlatformFilter label="Platform" options={platformOptions(visible.map(platformOf))} value={platform} onChange={setPlatform} />
          <SortSelect label="Viewers" noun="Viewers" value={order} onChange={setOrder} />
        </div>
      </div>
      <DataTable caption="Live parties" columns={COLUMNS}>
        {rows.length === 0 ? (
          <MessageRow colSpan={COLUMNS.length}>{NO_ACTIVE_PARTIES}</MessageRow>
        ) : (
          rows.map((party) => (
            <tr key={party.id} className={rowClass} title={party.synopsis ?? undefined} data-testid="live-party-row">
              <Td label="Chat Provider">{chatProviderLabel(party.chat_provider, party.chat_identifier)}</Td>
              <Td label="Host">
                <HostWithAvatar party={party} />
              </Td>
              <Td label="Platform">{platformOf(party) ?? DASH}</Td>
              <Td label="Now Playing">
                <div className="flex min-w-0 items-center gap-3">
                  <PartyArt platform={platformOf(party)} videoUrl={party.host_video_url} />
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-white">
                    {orDash(party.video_title)}
                    {/* The tooltip is for pointers; keyboard and screen-reader users get the synopsis here. */}
                    {party.synopsis && <span className="sr-only">. Synopsis: {party.synopsis}</span>}
                  </span>
                </div>
              </Td>
              <Td label="Viewers">{party.party_size}</Td>
              <Td label="Status">
                <StatusBadge state={party.state} />
              </Td>
              <Td label="Action">
                {isRoomPlayable(party.host_video_url) ? (
                  <WatchRoomLink partyId={party.id} label={party.video_title || hostLabel(party)} />
                ) : (
                  <JoinPartyButton partyId={party.id} label={party.video_title || hostLabel(party)} />
                )}
              </Td>
            </tr>
          ))
        )}
      </DataTable>
    </section>
  );
}

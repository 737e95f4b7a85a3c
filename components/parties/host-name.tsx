/**
 * Who hosts a party, linked to their profile. A host whose profile is private is not named by the
 * API (`host_private`); the party is still shown, hosted by "a private host", with nothing to follow.
 */
import Link from "next/link";
import { orDash } from "./format";
import { HostAvatar } from "./host-avatar";
import { linkClass } from "./styles";

export const PRIVATE_HOST_LABEL = "a private host";

export interface PartyHostFields {
  host_username: string | null;
  host_display_name: string | null;
  host_private: boolean;
  /** The lists' rows carry the host's picture; other places name the host only. */
  host_image_url?: string | null;
}

/** The host as plain text (labels, accessible names). */
export function hostLabel(party: PartyHostFields): string {
  return party.host_private ? PRIVATE_HOST_LABEL : orDash(party.host_display_name || party.host_username);
}

export function HostName({ party }: { party: PartyHostFields }) {
  if (party.host_private) {
    return (
      <span className="italic text-slate-400" title="This host keeps their profile private.">
        {PRIVATE_HOST_LABEL}
      </span>
    );
  }
  const shown = hostLabel(party);
  return party.host_username ? (
    <Link href={`/${encodeURIComponent(party.host_username)}`} className={linkClass}>
      {shown}
    </Link>
  ) : (
    <>{shown}</>
  );
}

/** The host's picture (or initial) beside their name, as the party lists show it. */
export function HostWithAvatar({ party }: { party: PartyHostFields }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <HostAvatar name={party.host_private ? null : party.host_display_name || party.host_username} imageUrl={party.host_image_url} />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <HostName party={party} />
      </span>
    </span>
  );
}

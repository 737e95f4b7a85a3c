/**
 * Who hosts a party, linked to their profile. A host whose profile is private is not named by the
 * API (`host_private`); the party is still shown, hosted by "a private host", with nothing to follow.
 */
import Link from "next/link";
import { orDash } from "./format";
import { linkClass } from "./styles";

export const PRIVATE_HOST_LABEL = "a private host";

export interface PartyHostFields {
  host_username: string | null;
  host_display_name: string | null;
  host_private: boolean;
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

"use client";
/**
 * Join Party (spec §4 "Join flow"): posts JOIN_PARTY with the party id to the extension and waits up
 * to 6 s for JOIN_PARTY_RESPONSE, the button disabled meanwhile. On success the extension opens the
 * party itself; failures are alerts with the spec's texts (§8).
 */
import Link from "next/link";
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { EXTENSION_JOIN_WAIT_MS } from "@/lib/constants";
import { ExtensionTimeoutError, requestExtension } from "@/lib/extension-bridge/request-extension";
import { smallButtonClass } from "./styles";

export const JOIN_TIMEOUT_MESSAGE = "No response from the extension. Please make sure it is installed and enabled.";
export const JOIN_SEND_FAILED_MESSAGE = "Could not send join request. Please ensure the extension is installed and enabled.";

export function JoinPartyButton({ partyId, label }: { partyId: string; label: string }) {
  const [waiting, setWaiting] = useState(false);
  const toast = useToast();

  async function join() {
    setWaiting(true);
    try {
      const reply = await requestExtension({ type: "JOIN_PARTY", partyId }, "JOIN_PARTY_RESPONSE", EXTENSION_JOIN_WAIT_MS);
      if (reply.success) toast.success("The extension is opening the party.");
      else window.alert(`Join failed: ${reply.error || "Unknown error"}`);
    } catch (error) {
      window.alert(error instanceof ExtensionTimeoutError ? JOIN_TIMEOUT_MESSAGE : JOIN_SEND_FAILED_MESSAGE);
    } finally {
      setWaiting(false);
    }
  }

  return (
    <button type="button" className={smallButtonClass} disabled={waiting} aria-label={`Join Party: ${label}`} onClick={() => void join()}>
      {waiting ? "Joining..." : "Join Party"}
    </button>
  );
}

/**
 * Join Party for a YouTube or TikTok party: it plays in the site's watch room, so no extension is
 * needed (the extension can still join the same party from youtube.com).
 */
export function WatchRoomLink({ partyId, label }: { partyId: string; label: string }) {
  return (
    <Link href={`/watch/${encodeURIComponent(partyId)}`} className={smallButtonClass} aria-label={`Join Party: ${label}`}>
      Join Party
    </Link>
  );
}

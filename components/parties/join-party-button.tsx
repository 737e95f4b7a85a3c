"use client";
/**
 * Join Party: posts JOIN_PARTY with the party id to the extension and waits up to 6 s for
 * JOIN_PARTY_RESPONSE, the button disabled meanwhile. On success the extension opens the party
 * itself. When the extension does not answer or refuses, an in-page panel says why (the spec's
 * texts), links to the install page and, for a party that plays in the site's watch room, offers
 * to watch it in the browser instead.
 */
import Link from "next/link";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { EXTENSION_JOIN_WAIT_MS } from "@/lib/constants";
import { ExtensionTimeoutError, requestExtension } from "@/lib/extension-bridge/request-extension";

export const JOIN_TIMEOUT_MESSAGE = "No response from the extension. Please make sure it is installed and enabled.";
export const JOIN_SEND_FAILED_MESSAGE = "Could not send join request. Please ensure the extension is installed and enabled.";

const roomPath = (partyId: string) => `/watch/${encodeURIComponent(partyId)}`;

export function JoinPartyButton({ partyId, label, watchInBrowser = false }: { partyId: string; label: string; watchInBrowser?: boolean }) {
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; missing: boolean } | null>(null);
  const toast = useToast();

  async function join() {
    setWaiting(true);
    try {
      const reply = await requestExtension({ type: "JOIN_PARTY", partyId }, "JOIN_PARTY_RESPONSE", EXTENSION_JOIN_WAIT_MS);
      if (reply.success) toast.success("The extension is opening the party.");
      else setFailure({ message: `Join failed: ${reply.error || "Unknown error"}`, missing: false });
    } catch (error) {
      setFailure({ message: error instanceof ExtensionTimeoutError ? JOIN_TIMEOUT_MESSAGE : JOIN_SEND_FAILED_MESSAGE, missing: true });
    } finally {
      setWaiting(false);
    }
  }

  return (
    <>
      <Button size="sm" disabled={waiting} aria-label={`Join Party: ${label}`} onClick={() => void join()}>
        {waiting ? "Joining..." : "Join Party"}
      </Button>
      {failure && (
        <Dialog title="Join Party" size="sm" onClose={() => setFailure(null)} testId="join-panel">
          <p role="alert" className="text-slate-100">
            {failure.message}
          </p>
          {failure.missing && <p className="mt-3 text-sm text-slate-300">The ViewParty extension joins parties on streaming sites in your own account. It works in desktop Chrome, Edge and Firefox.</p>}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            {watchInBrowser && (
              <Link href={roomPath(partyId)} className={buttonVariants({ variant: "secondary" })}>
                Watch in the browser
              </Link>
            )}
            <Link href="/get-extension" className={buttonVariants({ variant: "primary" })}>
              {failure.missing ? "Install the extension" : "Extension help"}
            </Link>
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * Join Party for a YouTube or TikTok party: it plays in the site's watch room, so no extension is
 * needed (the extension can still join the same party from youtube.com).
 */
export function WatchRoomLink({ partyId, label }: { partyId: string; label: string }) {
  return (
    <Link href={roomPath(partyId)} className={buttonVariants({ size: "sm" })} aria-label={`Join Party: ${label}`}>
      Join Party
    </Link>
  );
}

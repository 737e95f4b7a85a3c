"use client";
/**
 * The RSVP flow of spec §4/§8, shared by every table and dialog: RSVP needs a login (else an alert);
 * the button is disabled while a request runs; an "Already RSVP" answer counts as success; failures
 * are alerts; un-RSVP asks for confirmation first.
 */
import { useCallback, useMemo, useState } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { revalidateScheduledParties, rsvpScheduledParty, unRsvpScheduledParty, useJoinedScheduledParties } from "@/lib/api/use-scheduled-parties";

export const RSVP_LOGIN_REQUIRED = "Please log in to RSVP to this party.";
export const UN_RSVP_CONFIRMATION = "Are you sure you want to un-RSVP from this party?";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "");

export interface RsvpControls {
  isRsvped: (partyId: string) => boolean;
  isBusy: (partyId: string) => boolean;
  rsvp: (partyId: string, code?: string | null) => Promise<void>;
  unRsvp: (partyId: string, opts?: { failureText?: string }) => Promise<void>;
}

export function useRsvp(): RsvpControls {
  const { user } = useCurrentUser();
  // Failure to fetch the RSVP records is ignored: every row then offers RSVP (spec §8).
  const { data: joined } = useJoinedScheduledParties();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const rsvped = useMemo(() => new Set((user && joined ? joined : []).map((r) => r.scheduled_party_id)), [user, joined]);

  const during = useCallback(async (partyId: string, work: () => Promise<void>) => {
    setBusy((s) => new Set(s).add(partyId));
    try {
      await work();
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(partyId);
        return next;
      });
    }
  }, []);

  const rsvp = useCallback(
    async (partyId: string, code?: string | null) => {
      if (!user) {
        window.alert(RSVP_LOGIN_REQUIRED);
        return;
      }
      await during(partyId, async () => {
        try {
          await rsvpScheduledParty(partyId, code);
        } catch (error) {
          const message = messageOf(error);
          if (!message.includes("Already RSVP")) window.alert(`RSVP failed: ${message || "Unknown error"}`);
          // Already RSVP'd (e.g. in another tab) is success: show the state the server has.
          else await revalidateScheduledParties();
        }
      });
    },
    [user, during],
  );

  const unRsvp = useCallback(
    async (partyId: string, { failureText }: { failureText?: string } = {}) => {
      if (!window.confirm(UN_RSVP_CONFIRMATION)) return;
      await during(partyId, async () => {
        try {
          await unRsvpScheduledParty(partyId);
        } catch (error) {
          window.alert(failureText ?? `Un-RSVP failed: ${messageOf(error) || "Unknown error"}`);
        }
      });
    },
    [during],
  );

  return { isRsvped: (id) => rsvped.has(id), isBusy: (id) => busy.has(id), rsvp, unRsvp };
}

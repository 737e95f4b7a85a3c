"use client";
/**
 * The RSVP flow shared by every table and dialog: RSVP needs a login (signed out, the login modal
 * opens with the reason and the RSVP completes after sign-in); the button is disabled while a request
 * runs (an RSVP the server already has is answered as a success); failures are error toasts; un-RSVP
 * asks for confirmation in an in-page dialog first.
 */
import { useCallback, useMemo, useState } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { rsvpScheduledParty, unRsvpScheduledParty, useJoinedScheduledParties } from "@/lib/api/use-scheduled-parties";

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
  // Failure to fetch the RSVP records is ignored: every row then offers RSVP.
  const { data: joined } = useJoinedScheduledParties();
  const modal = useAuthModal();
  const confirm = useConfirm();
  const toast = useToast();
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

  const send = useCallback(
    (partyId: string, code?: string | null) =>
      during(partyId, async () => {
        try {
          await rsvpScheduledParty(partyId, code);
        } catch (error) {
          toast.error(`RSVP failed: ${messageOf(error) || "Unknown error"}`);
        }
      }),
    [during, toast],
  );

  const rsvp = useCallback(
    async (partyId: string, code?: string | null) => {
      // Signed out: the login modal says why, and the RSVP goes through once the visitor signs in.
      if (!user) modal.open("login", { message: RSVP_LOGIN_REQUIRED, onSignedIn: () => void send(partyId, code) });
      else await send(partyId, code);
    },
    [user, modal, send],
  );

  const unRsvp = useCallback(
    async (partyId: string, { failureText }: { failureText?: string } = {}) => {
      if (!(await confirm({ message: UN_RSVP_CONFIRMATION, confirmLabel: "Un-RSVP" }))) return;
      await during(partyId, async () => {
        try {
          await unRsvpScheduledParty(partyId);
        } catch (error) {
          toast.error(failureText ?? `Un-RSVP failed: ${messageOf(error) || "Unknown error"}`);
        }
      });
    },
    [during, confirm, toast],
  );

  return { isRsvped: (id) => rsvped.has(id), isBusy: (id) => busy.has(id), rsvp, unRsvp };
}

"use client";
/**
 * The room's own actions beside its title: copy the invite link, share it (the system share sheet
 * where the browser has one, with the link's QR code for a phone across the room), and the way out —
 * "End party" for the host (asked first, in the page), "Leave" for everyone else. A private room's
 * invite link carries its invite code, the only address that opens it to someone not yet in it.
 */
import dynamic from "next/dynamic";
import { useEffect, useId, useState } from "react";
import { ApiClient } from "@/lib/party-client/api-client";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import { END_PARTY_CONFIRM, INVITE_COPIED, INVITE_COPY_FAILED, inviteUrl, LEAVE_PARTY_CONFIRM } from "@/lib/watch-room/room-texts";

// The QR library is only wanted by someone who opens the share panel: it loads then.
const QrImage = dynamic(() => import("@/components/playlists/qr-image").then((m) => m.QrImage), { ssr: false });

interface RoomActionsProps {
  partyId: string;
  token: string;
  title: string;
  visibility: "public" | "private";
  inviteCode: string | null;
  isHost: boolean;
  /** The guest left: the room closes its connection and says so. */
  onLeft: () => void;
}

const actionClass = "min-h-11";

export function RoomActions({ partyId, token, title, visibility, inviteCode, isHost, onLeft }: RoomActionsProps) {
  const panelId = useId();
  const confirm = useConfirm();
  // The room renders in the browser only (it waits for the viewer's token), so the link can name
  // this server's own origin at once.
  const link = typeof window === "undefined" ? null : inviteUrl(window.location.origin, { id: partyId, visibility, inviteCode });
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status !== INVITE_COPIED) return;
    const timer = window.setTimeout(() => setStatus(null), COPY_CONFIRMATION_MS * 2);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setStatus(INVITE_COPIED);
    } catch {
      // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
      setStatus(INVITE_COPY_FAILED);
      setOpen(true);
    }
  }

  async function share() {
    if (!link) return;
    try {
      await navigator.share({ title: title || "Watch party", text: "Watch with me on ViewParty", url: link });
    } catch {
      // Dismissed share sheet: nothing to say.
    }
  }

  async function leaveOrEnd() {
    const yes = await confirm(
      isHost ? { message: END_PARTY_CONFIRM, confirmLabel: "End party", danger: true } : { message: LEAVE_PARTY_CONFIRM, confirmLabel: "Leave" },
    );
    if (!yes) return;
    setBusy(true);
    setError(null);
    const api = new ApiClient(window.location.origin);
    try {
      // The end reaches everyone (the host too) as the party's ENDED state; a guest's leave is theirs alone.
      if (isHost) await api.endParty(token, partyId);
      else {
        await api.leaveParty(token);
        onLeft();
      }
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "That did not work. Please try again.");
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-2" data-testid="room-actions">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" className={actionClass} disabled={!link} onClick={() => void copy()}>
          Copy invite link
        </Button>
        <Button variant="secondary" size="sm" className={actionClass} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          Share
        </Button>
        <Button variant={isHost ? "danger" : "secondary"} size="sm" className={`${actionClass} ml-auto`} disabled={busy} onClick={() => void leaveOrEnd()}>
          {isHost ? "End party" : "Leave"}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-emerald-300 empty:hidden" data-testid="invite-status">
        {status}
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-950/80 px-3 py-2 text-sm text-red-100">
          {error}
        </p>
      )}
      {open && link && (
        <div id={panelId} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm text-slate-200">
          <div className="min-w-0 flex-1">
            <p>{visibility === "private" ? "Anyone with this link can join your private room:" : "Send this link to invite friends:"}</p>
            <p className="mt-1 font-mono break-all text-cyan-200" data-testid="invite-link">
              {link}
            </p>
            {canShare && (
              <Button className={`${actionClass} mt-3`} size="sm" onClick={() => void share()}>
                Share…
              </Button>
            )}
          </div>
          <QrImage text={link} label="QR code of the invite link" />
        </div>
      )}
    </div>
  );
}

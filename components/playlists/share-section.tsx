"use client";
/**
 * Share: the short code and a link that lets others join as collaborators (with a QR code). For the
 * owner, a hidden admin block holds the direct URL that grants control, with a warning.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import type { PlaylistDetail } from "@/lib/schemas/playlist";
import { QrImage } from "./qr-image";
import { panelClass } from "./styles";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export const ADMIN_LINK_WARNING =
  "Anyone with this link can control this playlist: rename it, remove and reorder videos, and change what it accepts. Share it only with people you trust.";

function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useToast();
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error("Could not copy the link. Select it and copy it instead.");
      return;
    }
    setCopied(what);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }
  return { copied, copy };
}

export function shareLink(origin: string, code: string): string {
  return `${origin}/playlists?code=${encodeURIComponent(code)}`;
}

export function adminLink(origin: string, playlistId: string, adminKey: string): string {
  return `${origin}/playlist?id=${encodeURIComponent(playlistId)}&admin=${encodeURIComponent(adminKey)}`;
}

export function ShareSection({ playlist, loading }: { playlist: PlaylistDetail | null; loading: boolean }) {
  const { copied, copy } = useCopy();
  const [showAdmin, setShowAdmin] = useState(false);
  const id = useId();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const code = playlist?.share_code ?? null;
  const link = code ? shareLink(origin, code) : null;
  const admin = playlist?.admin_key ? adminLink(origin, playlist.id, playlist.admin_key) : null;

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Share
      </h2>
      <dl className="mt-3 flex items-baseline gap-2 text-sm">
        <dt className="text-slate-300">Short code:</dt>
        <dd className="font-mono text-base text-cyan-200">{loading ? "Loading..." : (code ?? "-")}</dd>
      </dl>
      {playlist && !code && <p className="mt-1 text-xs text-slate-300">Only the playlist&apos;s members see its share code.</p>}
      {link && (
        <>
          <p className="mt-1 text-xs text-slate-300">People who join with the code or link can add videos.</p>
          <Button onClick={() => void copy("share", link)} variant="secondary" className="mt-3 w-full">
            <span aria-live="polite">{copied === "share" ? "Copied!" : "Copy link"}</span>
          </Button>
          <QrImage text={link} label="QR code of the share link" />
        </>
      )}
      {admin && (
        <div className="mt-4 border-t border-slate-700 pt-4">
          <Button aria-expanded={showAdmin} aria-controls={`${id}-admin`} onClick={() => setShowAdmin((v) => !v)} variant="secondary">
            {showAdmin ? "Hide admin link" : "Show admin link"}
          </Button>
          <div id={`${id}-admin`} hidden={!showAdmin} className="mt-3">
            <p role="note" className="rounded-md border border-amber-400 bg-amber-950 px-3 py-2 text-xs text-amber-50">
              {ADMIN_LINK_WARNING}
            </p>
            <label htmlFor={`${id}-admin-url`} className="mt-3 block text-sm font-medium text-slate-200">
              Direct playlist URL
            </label>
            <Input id={`${id}-admin-url`} readOnly value={admin} className="mt-1 font-mono text-xs" />
            <Button onClick={() => void copy("admin", admin)} variant="secondary" className="mt-2 w-full">
              <span aria-live="polite">{copied === "admin" ? "Copied!" : "Copy admin link"}</span>
            </Button>
            {showAdmin && <QrImage text={admin} label="QR code of the admin link" />}
          </div>
        </div>
      )}
    </section>
  );
}

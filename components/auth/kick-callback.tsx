"use client";
/**
 * Kick OAuth callback page, in the popup: shows the status of
 * run-kick-callback.ts, which checks code and state, exchanges the code and notifies the opener.
 */
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { PageShell } from "@/components/common/page-shell";
import { KICK_STATUS, runKickCallback } from "./run-kick-callback";

export function KickCallback() {
  const [status, setStatus] = useState<{ text: string; finished: boolean }>({ text: KICK_STATUS.processing, finished: false });
  const started = useRef(false);

  useEffect(() => {
    // Once per page load: the stored state and verifier are consumed by the first run.
    if (started.current) return;
    started.current = true;
    void runKickCallback(window, (text, finished) => setStatus({ text, finished }));
  }, []);

  return (
    <PageShell title="Kick sign-in">
      <p role="status" className="text-slate-200">
        {status.text}
      </p>
      {status.finished && (
        <Link href="/" className="mt-4 inline-block text-cyan-300 underline-offset-2 hover:underline">
          Go to the home page
        </Link>
      )}
    </PageShell>
  );
}

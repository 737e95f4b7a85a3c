"use client";
/**
 * Kick OAuth callback (spec §2, §5): reads code and state, checks them against the values stored when
 * the popup opened, removes the stored values on load, and reports to the opener.
 */
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { PageShell } from "@/components/common/page-shell";

export const KICK_STATE_KEY = "kick_oauth_state";
export const KICK_VERIFIER_KEY = "kick_code_verifier";

export function KickCallback() {
  const params = useSearchParams();
  const [status, setStatus] = useState("Processing Kick sign-in...");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get("code");
    const state = params.get("state");
    const storedState = sessionStorage.getItem(KICK_STATE_KEY);
    const verifier = sessionStorage.getItem(KICK_VERIFIER_KEY);
    sessionStorage.removeItem(KICK_STATE_KEY);
    sessionStorage.removeItem(KICK_VERIFIER_KEY);
    const fail = (message: string) => {
      setStatus(message);
      window.opener?.postMessage({ type: "kickAuthError", error: message }, window.location.origin);
    };
    if (!code || !state || state !== storedState) return fail("Error: Invalid state or code. Please try logging in again.");
    if (!verifier) return fail("Error: Code verifier missing. Please try logging in again.");
    fail("Error: Could not sign you in with Kick. Kick sign-in is not configured on this server.");
  }, [params]);

  return (
    <PageShell title="Kick sign-in">
      <p role="status" className="text-slate-200">
        {status}
      </p>
    </PageShell>
  );
}

"use client";
/**
 * /extension-auth: connects the browser extension to the signed-in account. With
 * mode=viewparty (the extension flow) the page sends the account's bearer token to the extension once
 * and waits for its acknowledgement; any other mode starts Twitch login first.
 */
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { isTwitchLoginMode, TwitchLoginRedirect } from "@/components/auth/twitch-login-redirect";
import { PageShell } from "@/components/common/page-shell";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { exchangeCurrentSession } from "@/lib/auth-client";
import { EXTENSION_AUTH_AUTOCLOSE_MS, EXTENSION_CHECK_CLOSE_MS, STORAGE_KEYS } from "@/lib/constants";
import { requestExtension } from "@/lib/extension-bridge/request-extension";
import {
  AUTH_COMPLETE,
  LOADING_USER,
  NOT_SIGNED_IN_CHECK,
  SENDING,
  SIGN_IN_PROMPT,
  TOKEN_NOT_ACKNOWLEDGED,
} from "./extension-auth-messages";
import { runExtensionHandshake, type HandshakeOutcome } from "./run-extension-handshake";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/field";

export function ExtensionAuth() {
  // Any mode other than the product's starts Twitch login.
  if (isTwitchLoginMode(useSearchParams().get("mode"))) return <TwitchLoginRedirect />;
  return <ExtensionFlow />;
}

const flag = (value: string | null) => value === "1" || value === "true";

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.jwt);
  } catch {
    return null;
  }
}

function ExtensionFlow() {
  const params = useSearchParams();
  const checkOnly = flag(params.get("checkOnly"));
  const keepOpen = params.get("keepOpen") === "1";
  const provider = params.get("provider");
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<HandshakeOutcome | null>(null);

  useEffect(() => {
    if (isLoading || started.current) return;
    if (!user) {
      if (checkOnly && !keepOpen) {
        const timer = setTimeout(() => window.close(), EXTENSION_CHECK_CLOSE_MS);
        return () => clearTimeout(timer);
      }
      return;
    }
    // The token is sent once, whatever happens next.
    started.current = true;
    void runExtensionHandshake(user, { checkOnly, provider }, {
      storedToken: readStoredToken,
      exchangeSession: async () => (await exchangeCurrentSession()).vp_access_token,
      request: (message, timeoutMs) => requestExtension(message, "AUTH_TOKEN_RESPONSE", timeoutMs),
    }).then(setOutcome);
  }, [isLoading, user, checkOnly, keepOpen, provider]);

  useEffect(() => {
    if (outcome?.kind !== "acknowledged" || keepOpen) return;
    const timer = setTimeout(() => window.close(), EXTENSION_AUTH_AUTOCLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome, keepOpen]);

  let status: string;
  if (outcome) {
    if (outcome.kind === "acknowledged") status = AUTH_COMPLETE;
    else if (outcome.kind === "no-ack") status = TOKEN_NOT_ACKNOWLEDGED;
    else status = "The extension could not be connected.";
  } else if (isLoading) status = LOADING_USER;
  else if (!user) status = checkOnly ? NOT_SIGNED_IN_CHECK : SIGN_IN_PROMPT;
  else status = SENDING;

  return (
    <PageShell title="Connect the ViewParty extension">
      <p role="status" className="text-slate-200" data-testid="extension-auth-status">
        {status}
      </p>
      {outcome && outcome.kind !== "acknowledged" && (
        <p role="alert" className="mt-3 rounded-md border border-red-400 bg-red-950 px-3 py-2 text-red-100">
          {outcome.error}
        </p>
      )}
      {outcome?.kind === "no-ack" && <ManualFallback token={outcome.token} userId={outcome.userId} />}
      {!isLoading && !user && !checkOnly && !outcome && (
        <Button onClick={() => modal.open("login")} className="mt-4">
          Login
        </Button>
      )}
    </PageShell>
  );
}

/** When the extension does not answer: the token and user id, to paste into the extension's popup by hand. */
function ManualFallback({ token, userId }: { token: string; userId: string }) {
  return (
    <section aria-labelledby="manual-fallback" className="mt-6 grid gap-3 rounded-lg border border-slate-700 bg-slate-900 p-4">
      <h2 id="manual-fallback" className="text-lg font-semibold text-white">
        Connect by hand
      </h2>
      <p className="text-slate-300">
        Make sure the ViewParty extension is installed and enabled, then reload this page. Or open the extension, choose
        &ldquo;Sign in with a token&rdquo; and paste the token below.
      </p>
      <label className="grid gap-1 text-sm text-slate-300">
        Token
        <Textarea readOnly value={token} rows={3} className="font-mono text-xs" />
      </label>
      <label className="grid gap-1 text-sm text-slate-300">
        User id
        <Input readOnly value={userId} className="font-mono text-xs" />
      </label>
    </section>
  );
}

"use client";
/**
 * /extension-auth with a mode other than the product's ("Extension authentication page":
 * "any other mode starts Twitch login"): sends the visitor through Twitch sign-in and back to the
 * extension flow (mode=viewparty, other parameters kept). A visitor who is already signed in goes
 * straight on. This page is opened as a tab, not from a click, so it redirects instead of opening
 * a popup (which the browser would block).
 */
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { PageShell } from "@/components/common/page-shell";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { authClient } from "@/lib/auth-client";
import { PRODUCT_SLUG } from "@/lib/constants";

export function isTwitchLoginMode(mode: string | null): boolean {
  return mode !== null && mode !== PRODUCT_SLUG;
}

export function TwitchLoginRedirect() {
  const params = useSearchParams();
  const router = useRouter();
  const { user, isLoading } = useCurrentUser();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    const next = new URLSearchParams(params);
    next.set("mode", PRODUCT_SLUG);
    const extensionFlow = `/extension-auth?${next}`;
    if (user) {
      router.replace(extensionFlow);
      return;
    }
    void authClient.signIn.social({ provider: "twitch", callbackURL: extensionFlow, errorCallbackURL: extensionFlow }).then(({ error: e }) => {
      if (e) setError(`Authentication failed: ${e.message || "Twitch sign-in is not available on this server."}`);
    });
  }, [isLoading, user, params, router]);

  return (
    <PageShell title="Connect the ViewParty extension">
      <p role="status" className="text-slate-200">
        {error ? "Twitch login could not start." : "Starting Twitch login..."}
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-400 bg-red-950 px-3 py-2 text-red-100">
          {error}
        </p>
      )}
    </PageShell>
  );
}

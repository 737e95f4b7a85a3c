"use client";
/** /extension-auth: connects the browser extension to the signed-in account (the handshake is completed with the extension work). */
import { PageShell } from "@/components/common/page-shell";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { displayNameOf } from "@/lib/display-name";

export function ExtensionAuth() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  return (
    <PageShell title="Connect the ViewParty extension">
      <p role="status" className="text-slate-200">
        {isLoading
          ? "Loading user information..."
          : user
            ? `Signed in as ${displayNameOf(user)}.`
            : "Log in to connect the extension to your account."}
      </p>
      {!isLoading && !user && (
        <button type="button" onClick={() => modal.open("login")} className="mt-4 rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950">
          Login
        </button>
      )}
    </PageShell>
  );
}

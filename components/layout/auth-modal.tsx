"use client";
/**
 * The auth modal: login and signup modes with a link to switch, the e-mail form, the provider
 * buttons, and why it opened. It sits in the site's one dialog (focus kept inside, Escape and the
 * backdrop close it); the provider mounts a fresh one for every opening, so fields start empty.
 */
import { Dialog } from "@/components/ui/dialog";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { SocialSignInButtons } from "@/components/auth/social-sign-in-buttons";
import { useAuthAction } from "@/components/auth/use-auth-action";
import type { AuthModalMode } from "./auth-modal-context";
import { Button } from "@/components/ui/button";

interface Props {
  open: boolean;
  mode: AuthModalMode;
  onModeChange: (mode: AuthModalMode) => void;
  onClose: () => void;
  /** Why the modal opened (e.g. "Please log in to RSVP to this party."), shown above the form. */
  message?: string | null;
  /** Runs once a sign-in or sign-up succeeds, before the modal closes. */
  onSignedIn?: () => void;
}

export function AuthModal({ open, mode, onModeChange, onClose, message, onSignedIn }: Props) {
  const { state, pending, submit, signInWith, dismiss } = useAuthAction({
    onSuccess: () => {
      onSignedIn?.();
      onClose();
    },
  });
  if (!open) return null;
  const isSignup = mode === "signup";

  return (
    <Dialog title={isSignup ? "Create your account" : "Log in"} onClose={onClose} size="sm" initialFocus="input">
      {message && (
        <p role="status" data-testid="auth-modal-message" className="mb-4 rounded-md border border-cyan-300/60 bg-cyan-950 px-3 py-2 text-sm text-cyan-50">
          {message}
        </p>
      )}
      <CredentialsForm mode={mode} state={state} pending={pending} action={submit(mode)} />
      <div className="my-4 flex items-center gap-3 text-xs text-slate-300">
        <span className="h-px flex-1 bg-slate-600" /> or continue with <span className="h-px flex-1 bg-slate-600" />
      </div>
      <SocialSignInButtons pending={pending} onSelect={signInWith} />
      <p className="mt-4 text-center text-sm text-slate-300">
        {isSignup ? "Already have an account? " : "New to ViewParty? "}
        <Button
          variant="link"
          onClick={() => {
            dismiss();
            onModeChange(isSignup ? "login" : "signup");
          }}
        >
          {isSignup ? "Log in" : "Sign up"}
        </Button>
      </p>
    </Dialog>
  );
}

"use client";
/**
 * The auth modal: login and signup modes, required fields, social buttons, "Please wait..."
 * while submitting, fields reset on close (the provider remounts it for every opening). A native <dialog> opened with showModal() makes the page
 * behind it inert, so keyboard focus stays inside; Escape closes it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { authClient } from "@/lib/auth-client";
import { trapFocus } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { socialSignIn } from "@/components/auth/social-sign-in";
import { useProviders } from "@/lib/api/use-providers";
import { SOCIAL_PROVIDERS, type SocialProvider } from "@/lib/schemas/auth";
import type { AuthModalMode } from "./auth-modal-context";

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


const EMPTY = { username: "", email: "", password: "", confirmPassword: "" };

function errorMessage(error: { message?: string | undefined } | null | undefined, fallback: string): string {
  return error?.message?.trim() || fallback;
}

export function AuthModal({ open, mode, onModeChange, onClose, message, onSignedIn }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  const toast = useToast();
  const titleId = useId();
  const { data: providers } = useProviders(open);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start on the first field rather than the close button.
      dialog.querySelector<HTMLInputElement>("input")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const isSignup = mode === "signup";
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setErrorDetail(null);
    if (isSignup) {
      if (fields.password !== fields.confirmPassword) {
        setError("Passwords do not match.");
        toast.error("Passwords do not match.");
        return;
      }
      setSubmitting(true);
      const username = fields.username.trim();
      const { error: signUpError } = await authClient.signUp.email({
        email: fields.email.trim(),
        password: fields.password,
        name: username,
        username,
      });
      setSubmitting(false);
      if (signUpError) {
        const message = errorMessage(signUpError, "Authentication failed");
        setError(message);
        toast.error(`Signup failed: ${message}`);
        return;
      }
      toast.success("Account created!");
      onSignedIn?.();
      onClose();
      return;
    }
    setSubmitting(true);
    const identifier = fields.username.trim();
    const { error: signInError } = identifier.includes("@")
      ? await authClient.signIn.email({ email: identifier, password: fields.password })
      : await authClient.signIn.username({ username: identifier, password: fields.password });
    setSubmitting(false);
    if (signInError) {
      const message = errorMessage(signInError, "Authentication failed");
      setError(message);
      toast.error(`Login failed: ${message}`);
      return;
    }
    toast.success("Logged in successfully!");
    onSignedIn?.();
    onClose();
  }

  /** Google, Twitch, Kick: a popup; the modal closes itself when the session appears. */
  async function onSocial(provider: SocialProvider) {
    setError(null);
    setErrorDetail(null);
    setSubmitting(true);
    const result = await socialSignIn(provider);
    setSubmitting(false);
    if (result.status === "signed-in") {
      toast.success("Logged in successfully!");
      onSignedIn?.();
      onClose();
    } else if (result.status === "failed") {
      setError(result.message);
      setErrorDetail(result.detail ?? null);
      toast.error(result.message);
    }
  }

  const inputClass =
    "w-full rounded-md border border-slate-500 bg-slate-950 px-3 py-2 text-slate-50 placeholder:text-slate-400 focus:border-cyan-300 focus:outline-none focus:ring-2 focus:ring-cyan-300/40";

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) onClose(); // click on the backdrop
      }}
      onKeyDown={trapFocus}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-600 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-black/70"
    >
      <div className="p-6">
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-xl font-semibold text-white">
            {isSignup ? "Create your account" : "Log in"}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded px-2 text-2xl leading-none text-slate-300 hover:text-white"
          >
            ×
          </button>
        </div>
        {message && (
          <p role="status" data-testid="auth-modal-message" className="mb-4 rounded-md border border-cyan-300/60 bg-cyan-950 px-3 py-2 text-sm text-cyan-50">
            {message}
          </p>
        )}
        <form onSubmit={onSubmit} className="space-y-3" noValidate={false}>
          <label className="block text-sm">
            <span className="mb-1 block text-slate-200">{isSignup ? "Username" : "Username or e-mail"}</span>
            <input
              name="username"
              required
              autoComplete="username"
              value={fields.username}
              onChange={set("username")}
              className={inputClass}
            />
          </label>
          {isSignup && (
            <label className="block text-sm">
              <span className="mb-1 block text-slate-200">Email</span>
              <input
                name="email"
                type="email"
                required
                autoComplete="email"
                value={fields.email}
                onChange={set("email")}
                className={inputClass}
              />
            </label>
          )}
          <label className="block text-sm">
            <span className="mb-1 block text-slate-200">Password</span>
            <input
              name="password"
              type="password"
              required
              autoComplete={isSignup ? "new-password" : "current-password"}
              value={fields.password}
              onChange={set("password")}
              className={inputClass}
            />
          </label>
          {isSignup && (
            <label className="block text-sm">
              <span className="mb-1 block text-slate-200">Confirm password</span>
              <input
                name="confirmPassword"
                type="password"
                required
                autoComplete="new-password"
                value={fields.confirmPassword}
                onChange={set("confirmPassword")}
                className={inputClass}
              />
            </label>
          )}
          {error && (
            <div role="alert" className="rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-100">
              <p>{error}</p>
              {errorDetail && <p className="mt-1 text-red-200">{errorDetail}</p>}
            </div>
          )}
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950 hover:bg-cyan-200 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting ? "Please wait..." : isSignup ? "Sign Up" : "Login"}
          </button>
        </form>
        <div className="my-4 flex items-center gap-3 text-xs text-slate-300">
          <span className="h-px flex-1 bg-slate-600" /> or continue with <span className="h-px flex-1 bg-slate-600" />
        </div>
        <div className="grid grid-cols-3 gap-2">
          {SOCIAL_PROVIDERS.map(({ id, label }) => {
            const configured = providers?.[id] ?? false;
            return (
              <button
                key={id}
                type="button"
                disabled={submitting || !configured}
                onClick={() => void onSocial(id)}
                title={configured ? `Continue with ${label}` : `${label} sign-in is not configured on this server`}
                aria-describedby={configured ? undefined : `${titleId}-${id}-off`}
                className="flex flex-col items-center rounded-md border border-slate-500 px-2 py-2 text-sm text-slate-100 hover:border-cyan-300 disabled:cursor-not-allowed disabled:opacity-70"
              >
                {submitting ? "Please wait..." : label}
                {!configured && (
                  <span id={`${titleId}-${id}-off`} className="text-[11px] text-slate-300">
                    not configured
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <p className="mt-4 text-center text-sm text-slate-300">
          {isSignup ? "Already have an account? " : "New to ViewParty? "}
          <button
            type="button"
            onClick={() => {
              setError(null);
              setErrorDetail(null);
              onModeChange(isSignup ? "login" : "signup");
            }}
            className="font-semibold text-cyan-300 underline-offset-2 hover:underline"
          >
            {isSignup ? "Log in" : "Sign up"}
          </button>
        </p>
      </div>
    </dialog>
  );
}

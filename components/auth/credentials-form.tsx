"use client";
/**
 * The auth modal's form: username (or e-mail when logging in), e-mail and password confirmation when
 * signing up, every shown field required, the errors of the last attempt, and the submit button.
 */
import { useId } from "react";
import { Input } from "@/components/ui/field";
import type { AuthModalMode } from "@/components/layout/auth-modal-context";
import type { AuthState, CredentialField } from "./use-auth-action";
import { Button } from "@/components/ui/button";

interface Props {
  mode: AuthModalMode;
  state: AuthState;
  pending: boolean;
  action: (form: FormData) => void;
}

export function CredentialsForm({ mode, state, pending, action }: Props) {
  const errorId = useId();
  const isSignup = mode === "signup";
  const hasErrors = state.errors.length > 0;
  const field = (name: CredentialField) => ({
    name,
    required: true,
    defaultValue: state.values[name],
    "aria-invalid": state.invalid.includes(name),
    "aria-describedby": state.invalid.includes(name) ? errorId : undefined,
  });

  return (
    <form action={action} className="space-y-3">
      <label className="block text-sm">
        <span className="mb-1 block text-slate-200">{isSignup ? "Username" : "Username or e-mail"}</span>
        <Input {...field("username")} autoComplete="username" />
      </label>
      {isSignup && (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-200">Email</span>
          <Input {...field("email")} type="email" autoComplete="email" />
        </label>
      )}
      <label className="block text-sm">
        <span className="mb-1 block text-slate-200">Password</span>
        <Input {...field("password")} type="password" autoComplete={isSignup ? "new-password" : "current-password"} />
      </label>
      {isSignup && (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-200">Confirm password</span>
          <Input {...field("confirmPassword")} type="password" autoComplete="new-password" />
        </label>
      )}
      {hasErrors && (
        <div id={errorId} role="alert" className="rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-100">
          {state.errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {state.detail && <p className="mt-1 text-red-200">{state.detail}</p>}
        </div>
      )}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Please wait..." : isSignup ? "Sign Up" : "Login"}
      </Button>
    </form>
  );
}

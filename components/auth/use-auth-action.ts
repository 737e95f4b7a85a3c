"use client";
/**
 * What the auth modal does: sign in with a username or e-mail, sign up with e-mail, or sign in
 * through a provider's popup. One React action runs all three, so its pending flag ("Please wait...",
 * every button disabled) and its error cover whichever is running, and a failure keeps what was typed.
 */
import { startTransition, useActionState } from "react";
import { useToast } from "@/components/ui/toast";
import { authClient } from "@/lib/auth-client";
import { formErrorsOf } from "@/lib/forms/form-errors";
import { signInFormSchema, signUpFormSchema, type SignUpForm, type SocialProvider } from "@/lib/schemas/auth";
import { ACCOUNT_CREATED, AUTH_FAILED, LOGGED_IN, loginFailed, signupFailed } from "./auth-messages";
import type { AuthModalMode as AuthMode } from "@/components/layout/auth-modal-context";
import { socialSignIn } from "./social-sign-in";

export type CredentialField = keyof SignUpForm;
const CREDENTIAL_FIELDS = ["username", "email", "password", "confirmPassword"] as const satisfies readonly CredentialField[];

export interface AuthState {
  /** The fields as last sent, so the form shows them again after a failure. */
  values: SignUpForm;
  /** Every problem, shown together in the modal. */
  errors: string[];
  /** Explains the error (a provider's reason), shown under it. */
  detail: string | null;
  /** The fields the errors are about. */
  invalid: CredentialField[];
}

type AuthIntent =
  | { kind: "credentials"; mode: AuthMode; form: FormData }
  | { kind: "social"; provider: SocialProvider }
  /** Forget the error (switching between login and signup). */
  | { kind: "dismiss" };

const EMPTY: SignUpForm = { username: "", email: "", password: "", confirmPassword: "" };
const INITIAL: AuthState = { values: EMPTY, errors: [], detail: null, invalid: [] };

const valuesOf = (form: FormData): SignUpForm =>
  Object.fromEntries(CREDENTIAL_FIELDS.map((key) => [key, String(form.get(key) ?? "")])) as SignUpForm;

const messageOf = (error: { message?: string | undefined } | null | undefined) => error?.message?.trim() || AUTH_FAILED;

interface Options {
  /** Runs after a successful sign-in or sign-up (the modal closes). */
  onSuccess: () => void;
}

export function useAuthAction({ onSuccess }: Options) {
  const toast = useToast();

  async function credentials(mode: AuthMode, values: SignUpForm): Promise<AuthState> {
    /** Better Auth's answer: its error in the modal and in the toast's words, or the success toast. */
    const settle = (error: { message?: string | undefined } | null, toastOnFailure: (message: string) => string, toastOnSuccess: string): AuthState => {
      if (error) {
        toast.error(toastOnFailure(messageOf(error)));
        return { values, errors: [messageOf(error)], detail: null, invalid: [] };
      }
      toast.success(toastOnSuccess);
      onSuccess();
      return { ...INITIAL, values };
    };
    if (mode === "signup") {
      const checked = signUpFormSchema.safeParse(values);
      if (!checked.success) {
        const { fields, messages } = formErrorsOf(checked.error, CREDENTIAL_FIELDS);
        // As a toast too: "Passwords do not match." is both the modal's error and a toast.
        toast.error(messages.join(" "));
        return { values, errors: messages, detail: null, invalid: Object.keys(fields) as CredentialField[] };
      }
      const { username, email, password } = checked.data;
      const { error } = await authClient.signUp.email({ email, password, name: username, username });
      return settle(error, signupFailed, ACCOUNT_CREATED);
    }
    const { username: identifier, password } = signInFormSchema.parse(values);
    const { error } = identifier.includes("@")
      ? await authClient.signIn.email({ email: identifier, password })
      : await authClient.signIn.username({ username: identifier, password });
    return settle(error, loginFailed, LOGGED_IN);
  }

  /** Google, Twitch, Kick: a popup; a closed popup is no error. */
  async function social(provider: SocialProvider, values: SignUpForm): Promise<AuthState> {
    const result = await socialSignIn(provider);
    if (result.status === "signed-in") {
      toast.success(LOGGED_IN);
      onSuccess();
    } else if (result.status === "failed") {
      toast.error(result.message);
      return { values, errors: [result.message], detail: result.detail ?? null, invalid: [] };
    }
    return { ...INITIAL, values };
  }

  const [state, dispatch, pending] = useActionState(async (previous: AuthState, intent: AuthIntent): Promise<AuthState> => {
    switch (intent.kind) {
      case "credentials":
        return credentials(intent.mode, valuesOf(intent.form));
      case "social":
        return social(intent.provider, previous.values);
      case "dismiss":
        return { ...INITIAL, values: previous.values };
    }
  }, INITIAL);

  return {
    state,
    pending,
    /** The form's action: `<form action={submit(mode)}>`. */
    submit: (mode: AuthMode) => (form: FormData) => dispatch({ kind: "credentials", mode, form }),
    signInWith: (provider: SocialProvider) => startTransition(() => dispatch({ kind: "social", provider })),
    dismiss: () => startTransition(() => dispatch({ kind: "dismiss" })),
  };
}

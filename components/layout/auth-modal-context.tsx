"use client";
/** Lets any client component open the shared auth modal (e.g. a "Sign Up" button on a content page). */
import { createContext, useContext } from "react";

export type AuthModalMode = "login" | "signup";

export interface AuthModalOptions {
  /** Why the visitor is asked to sign in, shown in the modal. */
  message?: string;
  /** The action the visitor started signed out, run once they have signed in (not if they close the modal). */
  onSignedIn?: () => void;
}

export interface AuthModalControls {
  open: (mode: AuthModalMode, options?: AuthModalOptions) => void;
  close: () => void;
}

export const AuthModalContext = createContext<AuthModalControls>({ open: () => {}, close: () => {} });

export function useAuthModal(): AuthModalControls {
  return useContext(AuthModalContext);
}

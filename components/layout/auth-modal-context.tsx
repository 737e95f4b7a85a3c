"use client";
/** Lets any client component open the shared auth modal (e.g. a "Sign Up" button on a content page). */
import { createContext, useContext } from "react";

export type AuthModalMode = "login" | "signup";

export interface AuthModalControls {
  open: (mode: AuthModalMode) => void;
  close: () => void;
}

export const AuthModalContext = createContext<AuthModalControls>({ open: () => {}, close: () => {} });

export function useAuthModal(): AuthModalControls {
  return useContext(AuthModalContext);
}

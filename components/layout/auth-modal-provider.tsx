"use client";
/**
 * Owns the auth modal's open state; closes it as soon as a signed-in user appears. The modal (and the
 * auth client and schemas it brings) is loaded the first time it opens, not with every page.
 */
import dynamic from "next/dynamic";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { AuthModalContext, type AuthModalControls, type AuthModalMode, type AuthModalOptions } from "./auth-modal-context";

const AuthModal = dynamic(() => import("./auth-modal").then((m) => m.AuthModal), { ssr: false });

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthModalMode>("login");
  // A new key per opening gives the modal fresh, empty fields (spec: it resets all fields on close).
  const [opening, setOpening] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // The signed-out action to resume; dropped when the modal closes without a sign-in.
  const pending = useRef<(() => void) | null>(null);
  const { user } = useCurrentUser();

  // Close once a signed-in user appears (e.g. after a social sign-in), adjusting state during render
  // rather than in an effect: https://react.dev/learn/you-might-not-need-an-effect
  const userId = user?.id ?? null;
  const [seenUserId, setSeenUserId] = useState(userId);
  if (userId !== seenUserId) {
    setSeenUserId(userId);
    if (userId && open) setOpen(false);
  }

  const openModal = useCallback((next: AuthModalMode, options: AuthModalOptions = {}) => {
    setMode(next);
    setMessage(options.message ?? null);
    pending.current = options.onSignedIn ?? null;
    setOpening((n) => n + 1);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    pending.current = null;
    setOpen(false);
  }, []);
  const signedIn = useCallback(() => {
    const resume = pending.current;
    pending.current = null;
    resume?.();
  }, []);
  const controls = useMemo<AuthModalControls>(() => ({ open: openModal, close }), [openModal, close]);

  return (
    <AuthModalContext.Provider value={controls}>
      {children}
      {opening > 0 && <AuthModal key={opening} open={open} mode={mode} onModeChange={setMode} onClose={close} message={message} onSignedIn={signedIn} />}
    </AuthModalContext.Provider>
  );
}

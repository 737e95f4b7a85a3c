"use client";
/** Owns the auth modal's open state; closes it as soon as a signed-in user appears (spec §2). */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { AuthModal } from "./auth-modal";
import { AuthModalContext, type AuthModalControls, type AuthModalMode } from "./auth-modal-context";

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthModalMode>("login");
  const { user } = useCurrentUser();

  useEffect(() => {
    if (user && open) setOpen(false);
  }, [user, open]);

  const openModal = useCallback((next: AuthModalMode) => {
    setMode(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const controls = useMemo<AuthModalControls>(() => ({ open: openModal, close }), [openModal, close]);

  return (
    <AuthModalContext.Provider value={controls}>
      {children}
      <AuthModal open={open} mode={mode} onModeChange={setMode} onClose={close} />
    </AuthModalContext.Provider>
  );
}

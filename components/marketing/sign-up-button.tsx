"use client";
/** Opens the site's shared auth modal in signup mode (the modal itself lives in the root layout). */
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { ctaClassName } from "./cta-link";

export function SignUpButton({ label = "Sign Up" }: { label?: string }) {
  const authModal = useAuthModal();
  return (
    <button type="button" onClick={() => authModal.open("signup")} className={ctaClassName("primary")}>
      {label}
    </button>
  );
}

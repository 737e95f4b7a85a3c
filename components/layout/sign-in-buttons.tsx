"use client";
/** "Login" and "Sign Up" side by side, each opening the shared auth modal: a page's prompt to a visitor who is signed out. */
import { Button } from "@/components/ui/button";
import { useAuthModal } from "./auth-modal-context";

export function SignInButtons({ className = "flex flex-wrap gap-3" }: { className?: string }) {
  const modal = useAuthModal();
  return (
    <div className={className}>
      <Button onClick={() => modal.open("login")}>Login</Button>
      <Button variant="secondary" onClick={() => modal.open("signup")}>
        Sign Up
      </Button>
    </div>
  );
}

"use client";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { panelClass } from "./styles";
import { Button } from "@/components/ui/button";

export function SignInPrompt({ text }: { text: string }) {
  const modal = useAuthModal();
  return (
    <div className={panelClass}>
      <p className="text-slate-200">{text}</p>
      <Button onClick={() => modal.open("login")} className="mt-4">
        Login
      </Button>
    </div>
  );
}

"use client";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { panelClass, primaryButtonClass } from "./styles";

export function SignInPrompt({ text }: { text: string }) {
  const modal = useAuthModal();
  return (
    <div className={panelClass}>
      <p className="text-slate-200">{text}</p>
      <button type="button" onClick={() => modal.open("login")} className={`mt-4 ${primaryButtonClass}`}>
        Login
      </button>
    </div>
  );
}

"use client";
/**
 * Header auth area (spec §2): Login / Sign Up when anonymous and not loading; the signed-in name with
 * a Profile / Logout dropdown that closes on an outside click or Escape.
 */
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { authClient, clearStoredToken } from "@/lib/auth-client";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { displayNameOf } from "@/lib/display-name";
import { useAuthModal } from "./auth-modal-context";
import { TwitchIcon } from "./twitch-icon";

export function Dropdown({ label, children }: { label: React.ReactNode; children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-md border border-slate-600 px-3 py-1.5 text-sm text-slate-100 hover:border-cyan-300"
      >
        {label}
        <span aria-hidden="true" className="text-xs">▾</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-50 mt-2 min-w-40 overflow-hidden rounded-md border border-slate-600 bg-slate-900 py-1 shadow-xl"
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

const itemClass = "block w-full px-4 py-2 text-left text-sm text-slate-100 hover:bg-slate-800 focus:bg-slate-800 focus:outline-none";

export function UserMenu() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const toast = useToast();

  if (isLoading) return <div className="h-9 w-40" aria-hidden="true" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => modal.open("login")}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-100 hover:text-cyan-300"
        >
          Login
        </button>
        <button
          type="button"
          onClick={() => modal.open("signup")}
          className="rounded-md bg-cyan-300 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-cyan-200"
        >
          Sign Up
        </button>
      </div>
    );
  }

  async function logout() {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error(`Logout failed: ${error.message || "Authentication failed"}`);
      return;
    }
    clearStoredToken();
    toast.success("Logged out successfully!");
  }

  return (
    <Dropdown
      label={
        <>
          {user.lastLoginMethod === "twitch" && <TwitchIcon className="h-4 w-4 text-purple-300" />}
          <span data-testid="header-user-name" className="max-w-[12rem] truncate">
            {displayNameOf(user)}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <Link role="menuitem" href="/profile" onClick={close} className={itemClass}>
            Profile
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              void logout();
            }}
          >
            Logout
          </button>
        </>
      )}
    </Dropdown>
  );
}

"use client";
/**
 * Header auth area: Login / Sign Up when anonymous and not loading; the signed-in name with
 * a Profile / Logout dropdown that closes on an outside click or Escape.
 */
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Dropdown, menuItemClass } from "@/components/ui/menu";
import { useToast } from "@/components/ui/toast";
import { refreshSession } from "@/lib/api/session";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { displayNameOf } from "@/lib/display-name";
import { useAuthModal } from "./auth-modal-context";
import { TwitchIcon } from "./twitch-icon";



export function UserMenu() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const toast = useToast();

  // As tall as the buttons that replace it (44 px on a phone, components/ui/button.tsx): the header does not grow.
  if (isLoading) return <div className="h-9 w-40 max-sm:h-11" aria-hidden="true" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" className="py-1.5" onClick={() => modal.open("login")}>
          Login
        </Button>
        <Button size="sm" className="py-1.5" onClick={() => modal.open("signup")}>
          Sign Up
        </Button>
      </div>
    );
  }

  async function logout() {
    // The auth client loads only now: a page that is only read never downloads it.
    let failure: string | null;
    try {
      const { authClient, clearStoredToken } = await import("@/lib/auth-client");
      const { error } = await authClient.signOut();
      failure = error ? error.message || "Authentication failed" : null;
      if (!failure) clearStoredToken();
    } catch (cause) {
      failure = cause instanceof Error && cause.message ? cause.message : "Authentication failed";
    }
    void refreshSession();
    if (failure) toast.error(`Logout failed: ${failure}`);
    else toast.success("Logged out successfully!");
  }

  return (
    <Dropdown
      label={
        <>
          {user.lastLoginMethod === "twitch" && <TwitchIcon className="h-4 w-4 text-purple-300" />}
          <span data-testid="header-user-name" className="min-w-0 max-w-[12rem] truncate">
            {displayNameOf(user)}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <Link role="menuitem" href="/profile" onClick={close} className={menuItemClass}>
            Profile
          </Link>
          <button
            role="menuitem"
            type="button"
            className={menuItemClass}
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

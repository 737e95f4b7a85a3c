"use client";
/**
 * Someone opened the owner's admin link (/playlist?id=…&admin=…): say what it grants and let them
 * take control (join as an admin) with one press, once signed in.
 */
import { useState } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { PlaylistRole } from "@/lib/schemas/playlist";
import { errorText, joinPlaylist } from "./playlist-api";
import { ADMIN_LINK_WARNING } from "./share-section";
import { Button } from "@/components/ui/button";

export function AdminLinkBanner({ adminKey, role }: { adminKey: string; role: PlaylistRole | null }) {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (role === "owner" || role === "editor") return null;

  async function takeControl() {
    if (!user) return modal.open("login");
    setState({ busy: true, error: null });
    try {
      await joinPlaylist(adminKey);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorText(error, "Could not use the admin link.") });
    }
  }

  return (
    <div className="mb-6 rounded-lg border border-amber-400 bg-amber-950 px-4 py-3 text-sm text-amber-50">
      <p className="font-medium">You opened this playlist&apos;s admin link.</p>
      <p className="mt-1">{ADMIN_LINK_WARNING}</p>
      <Button onClick={() => void takeControl()} disabled={state.busy || isLoading} className="mt-3">
        {state.busy ? "Joining..." : user ? "Become an admin of this playlist" : "Log in to become an admin"}
      </Button>
      {state.error && (
        <p role="alert" className="mt-2 text-red-200">
          {state.error}
        </p>
      )}
    </div>
  );
}

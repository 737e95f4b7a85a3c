"use client";
/** /profile: the signed-in user's profile; anonymous visitors get a sign-in prompt. */
import useSWR from "swr";
import { PageShell } from "@/components/common/page-shell";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { OwnUser } from "@/lib/schemas/user";

export function OwnProfile() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const { data, error } = useSWR<OwnUser>(user ? "/api/v1/users/me" : null);

  if (isLoading) return <PageShell title="Profile">Loading profile...</PageShell>;
  if (!user) {
    return (
      <PageShell title="Profile" lead="Log in to see and edit your profile.">
        <div className="flex gap-3">
          <button type="button" onClick={() => modal.open("login")} className="rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950">
            Login
          </button>
          <button type="button" onClick={() => modal.open("signup")} className="rounded-md border border-slate-500 px-4 py-2 text-slate-100">
            Sign Up
          </button>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell title="Profile">
      {error && <p role="alert" className="text-red-300">Failed to load user profile</p>}
      {data && (
        <div className="rounded-xl border border-slate-700 bg-slate-900 p-6">
          <p className="text-xl font-semibold text-white">{data.display_name}</p>
          {data.username && <p className="text-slate-300">@{data.username}</p>}
          <p className="text-slate-300">{data.email}</p>
        </div>
      )}
    </PageShell>
  );
}

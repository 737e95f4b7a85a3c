"use client";
/** Profile privacy: a switch labelled Private/Public; private means others cannot view the profile. */
import { useId, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { ProfileSection } from "./profile-section";

export const PRIVACY_FAILED = "Failed to update profile privacy.";
export const NOW_PRIVATE = "Your profile is now private.";
export const NOW_PUBLIC = "Your profile is now public.";

export function PrivacySwitch({ isPrivate }: { isPrivate: boolean }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const stateId = useId();
  const toast = useToast();

  async function toggle() {
    setSaving(true);
    setError(null);
    try {
      await updateOwnProfile({ profile_private: !isPrivate });
      toast.success(isPrivate ? NOW_PUBLIC : NOW_PRIVATE);
    } catch {
      setError(PRIVACY_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <ProfileSection title="Profile Privacy">
      <div className="flex items-center gap-3">
        <span id={labelId} className="text-sm text-slate-200">
          Profile visibility
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={isPrivate}
          aria-labelledby={`${labelId} ${stateId}`}
          disabled={saving}
          onClick={() => void toggle()}
          className={`relative inline-flex h-7 w-12 items-center rounded-full border border-slate-400 transition-colors disabled:opacity-60 ${isPrivate ? "bg-amber-300" : "bg-emerald-300"}`}
        >
          <span className={`inline-block h-5 w-5 rounded-full bg-slate-950 transition-transform ${isPrivate ? "translate-x-6" : "translate-x-1"}`} />
        </button>
        <span id={stateId} className="text-sm font-semibold text-white" data-testid="privacy-state">
          {isPrivate ? "Private" : "Public"}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        {isPrivate ? "Only you can see your public profile page." : "Anyone can see your public profile page."}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-300">
          {error}
        </p>
      )}
    </ProfileSection>
  );
}

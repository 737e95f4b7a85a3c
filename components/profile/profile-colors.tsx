"use client";
/** Accent and text colour pickers with "Save Colors": saved to the account and to browser storage. */
import { useId, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { STORAGE_KEYS } from "@/lib/constants";
import { ProfileSection } from "./profile-section";
import { isReadableOnSurface, type ProfileColors as Colors } from "./profile-theme";
import { writeStored } from "./stored-preference";
import { Button } from "@/components/ui/button";

export const SAVE_COLORS_FAILED = "Failed to save color preferences.";
export const DARK_COLOR_NOTE = "Your profile's background is dark: text and links in a color this dark are shown lighter so they stay readable.";

export function ProfileColors({ initial }: { initial: Colors }) {
  // Until a picker is touched, the profile's colours (a browser's stored ones arrive after hydration).
  const [edited, setColors] = useState<Colors | null>(null);
  const colors = edited ?? initial;
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const id = useId();

  async function save() {
    setSaving(true);
    setSaved(false);
    try {
      await updateOwnProfile({ accent_color: colors.accent, text_color: colors.text });
      writeStored(STORAGE_KEYS.accentColor, colors.accent);
      writeStored(STORAGE_KEYS.profileTextColor, colors.text);
      setSaved(true);
    } catch {
      toast.error(SAVE_COLORS_FAILED);
    } finally {
      setSaving(false);
    }
  }

  const picker = (key: keyof Colors, label: string) => (
    <div className="flex items-center gap-3">
      <input
        id={`${id}-${key}`}
        type="color"
        value={colors[key]}
        onChange={(e) => {
          setSaved(false);
          setColors((c) => ({ ...(c ?? initial), [key]: e.target.value }));
        }}
        className="h-10 w-14 cursor-pointer rounded border border-slate-500 bg-slate-950"
      />
      <label htmlFor={`${id}-${key}`} className="text-sm text-slate-200">
        {label} <span className="font-mono text-slate-300">{colors[key]}</span>
      </label>
    </div>
  );

  return (
    <ProfileSection title="Colors">
      <div className="flex flex-wrap items-center gap-6">
        {picker("accent", "Accent color")}
        {picker("text", "Text color")}
        <Button variant="secondary" onClick={() => void save()} disabled={saving}>
          {saving ? "Saving..." : "Save Colors"}
        </Button>
        {!(isReadableOnSurface(colors.accent) && isReadableOnSurface(colors.text)) && (
          <p className="basis-full text-sm text-slate-300">{DARK_COLOR_NOTE}</p>
        )}
        {saved && (
          <p role="status" className="text-sm text-emerald-300">
            Colors saved.
          </p>
        )}
      </div>
    </ProfileSection>
  );
}

"use client";
/** Bio with inline edit: view ↔ edit, a counter out of 300, cancel restores. */
import { useId } from "react";
import { inputClass, smallSecondaryButtonClass } from "@/components/parties/styles";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { BIO_MAX_LENGTH } from "@/lib/constants";
import { EditActions } from "./edit-actions";
import { ProfileSection } from "./profile-section";
import { useInlineEdit } from "./use-inline-edit";

export const NO_BIO = "No bio set.";
export const BIO_SAVED = "Bio saved.";

export function BioEditor({ bio }: { bio: string | null }) {
  const { draft, setDraft, saving, error, save, cancel } = useInlineEdit<string>((bio) => updateOwnProfile({ bio }), "Failed to update bio.", BIO_SAVED);
  const id = useId();
  const editing = draft !== null;

  return (
    <ProfileSection
      title="Bio"
      actions={
        !editing && (
          <button type="button" className={smallSecondaryButtonClass} onClick={() => setDraft(bio ?? "")} aria-label="Edit bio">
            Edit
          </button>
        )
      }
    >
      {editing ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-bio`} className="sr-only">
            Bio
          </label>
          <textarea
            id={`${id}-bio`}
            className={inputClass}
            rows={4}
            maxLength={BIO_MAX_LENGTH}
            value={draft}
            aria-describedby={`${id}-count`}
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id={`${id}-count`} className="text-right text-xs text-slate-300" aria-live="polite">
            {draft.length}/{BIO_MAX_LENGTH}
          </p>
          <EditActions error={error} saving={saving} onSave={() => void save()} onCancel={cancel} />
        </div>
      ) : (
        <p className="whitespace-pre-line text-[color:var(--profile-text)]" data-testid="bio">
          {bio || NO_BIO}
        </p>
      )}
    </ProfileSection>
  );
}

"use client";
/** Bio with inline edit: view ↔ edit, a counter out of 300, cancel restores; checked with the profile schema before sending. */
import { useId, useState } from "react";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { BIO_MAX_LENGTH } from "@/lib/constants";
import { EditActions } from "./edit-actions";
import { profileUpdateProblems, usePreloadedProfileCheck } from "./profile-update-check";
import { ProfileSection } from "./profile-section";
import { useEditorAction } from "./use-editor-action";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";

export const NO_BIO = "No bio set.";
export const BIO_SAVED = "Bio saved.";
export const BIO_FAILED = "Failed to update bio.";

export function BioEditor({ bio }: { bio: string | null }) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileSection
      title="Bio"
      actions={
        !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label="Edit bio">
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <BioForm bio={bio ?? ""} onDone={() => setEditing(false)} />
      ) : (
        <p className="whitespace-pre-line text-[color:var(--profile-text)]" data-testid="bio">
          {bio || NO_BIO}
        </p>
      )}
    </ProfileSection>
  );
}

/** One edit of the bio; unmounted on cancel and after a save. */
function BioForm({ bio, onDone }: { bio: string; onDone: () => void }) {
  usePreloadedProfileCheck();
  const { state, action } = useEditorAction({
    read: (form) => String(form.get("bio") ?? ""),
    check: (draft) => profileUpdateProblems({ bio: draft }, ["bio"]),
    persist: (draft) => updateOwnProfile({ bio: draft }),
    failure: BIO_FAILED,
    saved: BIO_SAVED,
    onSaved: onDone,
  });
  const value = state.draft ?? bio;
  const [length, setLength] = useState(value.length);
  const id = useId();

  return (
    <form action={action} className="space-y-2">
      <label htmlFor={`${id}-bio`} className="sr-only">
        Bio
      </label>
      <Textarea
        id={`${id}-bio`}
        name="bio"
        rows={4}
        maxLength={BIO_MAX_LENGTH}
        defaultValue={value}
        aria-describedby={`${id}-count`}
        onChange={(e) => setLength(e.target.value.length)}
      />
      <p id={`${id}-count`} className="text-right text-xs text-slate-300" aria-live="polite">
        {length}/{BIO_MAX_LENGTH}
      </p>
      <EditActions error={state.error} onCancel={onDone} />
    </form>
  );
}

"use client";
/**
 * Social links with inline edit: a username and a Private flag per network; cancel restores. The
 * draft is checked with the profile schema before sending, so every network with a bad username is
 * flagged at once, under its field.
 */
import { useId, useState } from "react";
import { FieldError, Input, invalidFieldProps } from "@/components/ui/field";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@/lib/constants";
import type { OwnUser, ProfileUpdate } from "@/lib/schemas/user";
import { EditActions } from "./edit-actions";
import { profileUpdateProblems, usePreloadedProfileCheck } from "./profile-update-check";
import { ProfileSection } from "./profile-section";
import { SocialLinkList } from "./social-link-list";
import { SOCIAL_LABELS, socialLinksOf } from "./social-links";
import { useEditorAction } from "./use-editor-action";
import { Button } from "@/components/ui/button";

type Draft = Record<SocialNetwork, { username: string; isPrivate: boolean }>;
type UsernameField = `${SocialNetwork}_username`;
const USERNAME_FIELDS = SOCIAL_NETWORKS.map((n): UsernameField => `${n}_username`);

function draftOf(user: OwnUser): Draft {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, { username: user[`${n}_username`] ?? "", isPrivate: user[`${n}_private`] }]),
  ) as Draft;
}

function readDraft(form: FormData): Draft {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, { username: String(form.get(`${n}_username`) ?? ""), isPrivate: form.get(`${n}_private`) === "on" }]),
  ) as Draft;
}

function changesOf(draft: Draft): ProfileUpdate {
  return Object.fromEntries(
    SOCIAL_NETWORKS.flatMap((n) => [
      [`${n}_username`, draft[n].username.trim() || null],
      [`${n}_private`, draft[n].isPrivate],
    ]),
  ) as ProfileUpdate;
}

export function SocialLinksEditor({ user }: { user: OwnUser }) {
  const [editing, setEditing] = useState(false);
  const links = socialLinksOf(user);
  return (
    <ProfileSection
      title="Social Links"
      actions={
        !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label="Edit social links">
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <SocialLinksForm user={user} onDone={() => setEditing(false)} />
      ) : links.length > 0 ? (
        <SocialLinkList links={links} showPrivacy />
      ) : (
        <p className="text-[color:var(--profile-text)]">No social links set.</p>
      )}
    </ProfileSection>
  );
}

/** One edit of the links; unmounted on cancel and after a save. */
function SocialLinksForm({ user, onDone }: { user: OwnUser; onDone: () => void }) {
  usePreloadedProfileCheck();
  const { state, action } = useEditorAction<Draft, UsernameField>({
    read: readDraft,
    check: (draft) => profileUpdateProblems(changesOf(draft), USERNAME_FIELDS),
    persist: (draft) => updateOwnProfile(changesOf(draft)),
    failure: "Failed to update social links.",
    saved: "Social links saved.",
    onSaved: onDone,
  });
  const draft = state.draft ?? draftOf(user);
  const id = useId();

  return (
    <form action={action} className="space-y-3">
      {SOCIAL_NETWORKS.map((network) => {
        const error = state.fieldErrors[`${network}_username`];
        return (
          <div key={network} className="grid items-center gap-2 sm:grid-cols-[7rem_1fr_auto]">
            <label htmlFor={`${id}-${network}`} className="text-sm font-medium text-slate-200">
              {SOCIAL_LABELS[network]} username
            </label>
            <Input
              id={`${id}-${network}`}
              name={`${network}_username`}
              defaultValue={draft[network].username}
              maxLength={100}
              autoComplete="off"
              {...invalidFieldProps(`${id}-${network}-error`, error)}
            />
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" name={`${network}_private`} defaultChecked={draft[network].isPrivate} />
              <span>
                Private<span className="sr-only"> {SOCIAL_LABELS[network]}</span>
              </span>
            </label>
            {error && (
              <div className="sm:col-start-2 sm:col-end-4">
                <FieldError id={`${id}-${network}-error`} message={error} />
              </div>
            )}
          </div>
        );
      })}
      <EditActions error={state.error} onCancel={onDone} />
    </form>
  );
}

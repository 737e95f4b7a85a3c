"use client";
/** Social links with inline edit: a username and a Private flag per network; cancel restores. */
import { useId } from "react";
import { inputClass, smallSecondaryButtonClass } from "@/components/parties/styles";
import { updateOwnProfile } from "@/lib/api/use-own-user";
import { SOCIAL_NETWORKS, type SocialNetwork } from "@/lib/constants";
import type { OwnUser, ProfileUpdate } from "@/lib/schemas/user";
import { EditActions } from "./edit-actions";
import { ProfileSection } from "./profile-section";
import { useInlineEdit } from "./use-inline-edit";
import { SocialLinkList } from "./social-link-list";
import { SOCIAL_LABELS, socialLinksOf } from "./social-links";

type Draft = Record<SocialNetwork, { username: string; isPrivate: boolean }>;

function draftOf(user: OwnUser): Draft {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, { username: user[`${n}_username`] ?? "", isPrivate: user[`${n}_private`] }]),
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
  const { draft, setDraft, saving, error, save, cancel } = useInlineEdit<Draft>((d) => updateOwnProfile(changesOf(d)), "Failed to update social links.", "Social links saved.");
  const id = useId();
  const links = socialLinksOf(user);

  const edit = (network: SocialNetwork, change: Partial<Draft[SocialNetwork]>) =>
    setDraft((d) => (d ? { ...d, [network]: { ...d[network], ...change } } : d));

  return (
    <ProfileSection
      title="Social Links"
      actions={
        !draft && (
          <button type="button" className={smallSecondaryButtonClass} onClick={() => setDraft(draftOf(user))} aria-label="Edit social links">
            Edit
          </button>
        )
      }
    >
      {draft ? (
        <div className="space-y-3">
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network} className="grid items-center gap-2 sm:grid-cols-[7rem_1fr_auto]">
              <label htmlFor={`${id}-${network}`} className="text-sm font-medium text-slate-200">
                {SOCIAL_LABELS[network]} username
              </label>
              <input
                id={`${id}-${network}`}
                className={inputClass}
                value={draft[network].username}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => edit(network, { username: e.target.value })}
              />
              <label className="flex items-center gap-2 text-sm text-slate-200">
                <input type="checkbox" checked={draft[network].isPrivate} onChange={(e) => edit(network, { isPrivate: e.target.checked })} />
                <span>
                  Private<span className="sr-only"> {SOCIAL_LABELS[network]}</span>
                </span>
              </label>
            </div>
          ))}
          <EditActions error={error} saving={saving} onSave={() => void save()} onCancel={cancel} />
        </div>
      ) : links.length > 0 ? (
        <SocialLinkList links={links} showPrivacy />
      ) : (
        <p className="text-[color:var(--profile-text)]">No social links set.</p>
      )}
    </ProfileSection>
  );
}

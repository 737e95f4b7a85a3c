"use client";
/**
 * Rename (owner and admins), list on the public playlists page (owner; off by default) and delete
 * (owner, after a confirmation).
 */
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast";
import { problemsOf } from "@/lib/forms/form-errors";
import { PLAYLIST_TITLE_MAX_LENGTH, playlistRights, updatePlaylistInputSchema, type PlaylistDetail } from "@/lib/schemas/playlist";
import { deletePlaylist, errorText, updatePlaylist } from "./playlist-api";
import { StatusMessage } from "./status-message";
import { labelClass, panelClass } from "./styles";
import { refusalOf, useOutcomeAction } from "./use-outcome-action";
import { Button } from "@/components/ui/button";
import { ToggleSwitch } from "./toggle-switch";

const RENAME_FAILED = "Could not rename the playlist.";
export const LISTED_LABEL = "List on the public playlists page";

export const DELETE_CONFIRMATION = "Delete this playlist and all its videos?";

export function PlaylistManage({ playlist }: { playlist: PlaylistDetail }) {
  const rights = playlistRights(playlist.role);
  const router = useRouter();
  const toast = useToast();
  const confirm = useConfirm();
  const { state: renamed, action: rename, outcome } = useOutcomeAction<{ title: string }, "title">({
    initial: { title: playlist.title },
    read: (form) => ({ title: String(form.get("title") ?? "") }),
    check: (values) => {
      const problems = problemsOf(updatePlaylistInputSchema, values, ["title"]);
      return problems && refusalOf(RENAME_FAILED, problems);
    },
    send: async (values) => ({ text: "Playlist renamed.", values: { title: (await updatePlaylist(playlist.id, values)).title } }),
    failure: RENAME_FAILED,
  });
  const id = useId();
  const [listing, setListing] = useState(false);
  if (!rights.canEdit) return null;

  async function setListed(listed: boolean) {
    setListing(true);
    try {
      await updatePlaylist(playlist.id, { listed });
      toast.success(listed ? "Listed on the public playlists page." : "No longer listed publicly.");
    } catch (error) {
      toast.error(errorText(error, "Could not change the playlist."));
    } finally {
      setListing(false);
    }
  }

  async function onDelete() {
    if (!(await confirm({ message: DELETE_CONFIRMATION, confirmLabel: "Delete", danger: true }))) return;
    try {
      await deletePlaylist(playlist.id);
      toast.success("Playlist deleted.");
      router.push("/playlists");
    } catch (error) {
      toast.error(errorText(error, "Could not delete the playlist."));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Manage playlist
      </h2>
      <form action={rename} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Playlist title
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id={`${id}-name`}
              name="title"
              required
              maxLength={PLAYLIST_TITLE_MAX_LENGTH}
              defaultValue={renamed.values.title}
              {...invalidFieldProps(`${id}-status`, renamed.fieldErrors.title)}
            />
            <SubmitButton pendingLabel="Saving..." className="shrink-0">
              Rename
            </SubmitButton>
          </div>
        </div>
        <StatusMessage id={`${id}-status`} outcome={outcome} />
      </form>
      {rights.canList && (
        <div className="mt-4 space-y-1 border-t border-slate-700 pt-4">
          <ToggleSwitch label={LISTED_LABEL} checked={playlist.listed} disabled={listing} onChange={(v) => void setListed(v)} />
          <p className="text-xs text-slate-300">Whoever has the link can open it either way; listing shows it to everyone.</p>
        </div>
      )}
      {rights.canDelete && (
        <Button onClick={() => void onDelete()} variant="secondary" className="mt-4 border-red-400 text-red-200">
          Delete playlist
        </Button>
      )}
    </section>
  );
}

"use client";
/** Rename (owner and admins) and delete (owner, after a confirmation). */
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { PLAYLIST_TITLE_MAX_LENGTH, playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { deletePlaylist, errorText, updatePlaylist } from "./playlist-api";
import { StatusMessage, type Outcome } from "./status-message";
import { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "./styles";

export const DELETE_CONFIRMATION = "Delete this playlist and all its videos?";

export function PlaylistManage({ playlist }: { playlist: PlaylistDetail }) {
  const rights = playlistRights(playlist.role);
  const router = useRouter();
  const toast = useToast();
  const confirm = useConfirm();
  const [title, setTitle] = useState(playlist.title);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();
  if (!rights.canEdit) return null;

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await updatePlaylist(playlist.id, { title });
      setTitle(updated.title);
      setOutcome({ kind: "success", text: "Playlist renamed." });
    } catch (error) {
      setOutcome({ kind: "error", text: "Could not rename the playlist.", detail: errorText(error, "") });
    } finally {
      setSaving(false);
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
      <form onSubmit={onRename} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            Playlist title
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input id={`${id}-name`} name="title" required maxLength={PLAYLIST_TITLE_MAX_LENGTH} value={title} onChange={(e) => setTitle(e.target.value)} className={inputClass} />
            <button type="submit" disabled={saving} className={`shrink-0 ${primaryButtonClass}`}>
              {saving ? "Saving..." : "Rename"}
            </button>
          </div>
        </div>
        <StatusMessage outcome={outcome} />
      </form>
      {rights.canDelete && (
        <button type="button" onClick={() => void onDelete()} className={`mt-4 ${secondaryButtonClass} border-red-400 text-red-200`}>
          Delete playlist
        </button>
      )}
    </section>
  );
}

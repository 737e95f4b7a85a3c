"use client";
/**
 * Sidebar controls: previous/next, open the current video elsewhere, and which platforms the
 * playlist accepts (a playlist setting the server enforces; the owner and admins switch it).
 */
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { errorText, updatePlaylist } from "./playlist-api";
import { panelClass } from "./styles";
import { ToggleSwitch } from "./toggle-switch";
import { Button } from "@/components/ui/button";

interface Props {
  playlist: PlaylistDetail | null;
  index: number;
  total: number;
  currentUrl: string | null;
  onSelect: (index: number) => void;
}

const POPUP_FEATURES = "popup,width=960,height=640,noopener,noreferrer";

export function PlaylistControls({ playlist, index, total, currentUrl, onSelect }: Props) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const canEdit = playlist ? playlistRights(playlist.role).canEdit : false;
  const open = (features: string) => currentUrl && window.open(currentUrl, "_blank", features);

  async function setAccept(field: "accept_youtube" | "accept_tiktok", value: boolean) {
    if (!playlist) return;
    setSaving(true);
    try {
      await updatePlaylist(playlist.id, { [field]: value });
    } catch (error) {
      toast.error(errorText(error, "Could not change the playlist."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-label="Playback controls" className={`space-y-4 ${panelClass}`}>
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => onSelect(index - 1)} disabled={index <= 0} variant="secondary">
          ← Previous video
        </Button>
        <Button onClick={() => onSelect(index + 1)} disabled={index >= total - 1} variant="secondary">
          Next video →
        </Button>
        <Button onClick={() => open("noopener,noreferrer")} disabled={!currentUrl} variant="secondary">
          Open in new tab
        </Button>
        <Button onClick={() => open(POPUP_FEATURES)} disabled={!currentUrl} variant="secondary">
          Open in new window
        </Button>
      </div>
      <div className="space-y-3 border-t border-slate-700 pt-4">
        <ToggleSwitch
          label="Accept YouTube"
          checked={playlist?.accept_youtube ?? true}
          disabled={!canEdit || saving}
          onChange={(v) => void setAccept("accept_youtube", v)}
        />
        <ToggleSwitch
          label="Accept TikTok"
          checked={playlist?.accept_tiktok ?? true}
          disabled={!canEdit || saving}
          onChange={(v) => void setAccept("accept_tiktok", v)}
        />
        {playlist && !canEdit && <p className="text-xs text-slate-300">Only the playlist&apos;s owner and admins change what it accepts.</p>}
      </div>
    </section>
  );
}

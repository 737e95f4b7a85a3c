"use client";
/** Sidebar controls: previous/next, open the current video elsewhere, which platforms are accepted. */
import { secondaryButtonClass, panelClass } from "./styles";
import { ToggleSwitch } from "./toggle-switch";
import { usePreference } from "./playlist-preferences";

interface Props {
  index: number;
  total: number;
  currentUrl: string | null;
  onSelect: (index: number) => void;
}

const POPUP_FEATURES = "popup,width=960,height=640,noopener,noreferrer";

export function PlaylistControls({ index, total, currentUrl, onSelect }: Props) {
  const acceptYoutube = usePreference("acceptYoutube");
  const acceptTiktok = usePreference("acceptTiktok");
  const open = (features: string) => currentUrl && window.open(currentUrl, "_blank", features);

  return (
    <section aria-label="Playback controls" className={`space-y-4 ${panelClass}`}>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" onClick={() => onSelect(index - 1)} disabled={index <= 0} className={secondaryButtonClass}>
          ← Previous video
        </button>
        <button type="button" onClick={() => onSelect(index + 1)} disabled={index >= total - 1} className={secondaryButtonClass}>
          Next video →
        </button>
        <button type="button" onClick={() => open("noopener,noreferrer")} disabled={!currentUrl} className={secondaryButtonClass}>
          Open in new tab
        </button>
        <button type="button" onClick={() => open(POPUP_FEATURES)} disabled={!currentUrl} className={secondaryButtonClass}>
          Open in new window
        </button>
      </div>
      <div className="space-y-3 border-t border-slate-700 pt-4">
        <ToggleSwitch label={acceptYoutube.label} checked={acceptYoutube.value} onChange={acceptYoutube.set} />
        <ToggleSwitch label={acceptTiktok.label} checked={acceptTiktok.value} onChange={acceptTiktok.set} />
      </div>
    </section>
  );
}

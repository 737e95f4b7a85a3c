"use client";
/**
 * The host's playback controls. They act on the host's own player; the host reporter (lib/sync)
 * notices the change and publishes it, exactly as when a host uses the site's player in the
 * extension. Guests have no controls: their player follows the host.
 */
import { useState } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { usePlayerReading } from "@/lib/watch-room/use-player-reading";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { formatClock } from "@/lib/sync/format-clock";

export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export function HostControls({ control, duration, canChangeRate = true }: { control: SyncPlayer | null; duration: () => number | null; canChangeRate?: boolean }) {
  const reading = usePlayerReading(control, duration);
  const [dragging, setDragging] = useState<number | null>(null);

  const disabled = !control;
  const max = reading.duration ?? Math.max(reading.time, 1);
  const seekBy = (delta: number) => control?.seek(Math.min(max, Math.max(0, control.read().currentTime + delta)));

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-900/70 p-3" role="group" aria-label="Host controls">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" className="min-h-11 min-w-20" disabled={disabled} onClick={() => (reading.paused ? void control?.play() : control?.pause())}>
          {reading.paused ? "Play" : "Pause"}
        </Button>
        <Button variant="secondary" size="sm" className="min-h-11" disabled={disabled} onClick={() => seekBy(-10)} aria-label="Back 10 seconds">
          −10 s
        </Button>
        <Button variant="secondary" size="sm" className="min-h-11" disabled={disabled} onClick={() => seekBy(10)} aria-label="Forward 10 seconds">
          +10 s
        </Button>
        {canChangeRate && (
        <label className="ml-auto flex items-center gap-2 text-sm text-slate-300">
          Speed
          <Select
            className="min-h-11"
            value={String(RATES.find((r) => Math.abs(r - reading.rate) < 0.001) ?? 1)}
            disabled={disabled}
            onChange={(event) => control?.setRate(Number(event.target.value))}
          >
            {RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}×
              </option>
            ))}
          </Select>
        </label>
        )}
      </div>
      <div className="flex items-center gap-2 text-xs tabular-nums text-slate-300">
        <span aria-label="Position">{formatClock(dragging ?? reading.time)}</span>
        <input
          type="range"
          aria-label="Seek"
          className="h-11 min-w-0 flex-1 accent-cyan-300"
          min={0}
          max={max}
          step={0.1}
          value={Math.min(dragging ?? reading.time, max)}
          disabled={disabled}
          onChange={(event) => setDragging(Number(event.target.value))}
          onPointerUp={() => {
            if (dragging !== null) control?.seek(dragging);
            setDragging(null);
          }}
          onKeyUp={() => {
            if (dragging !== null) control?.seek(dragging);
            setDragging(null);
          }}
        />
        <span>{reading.duration ? formatClock(reading.duration) : "–:–"}</span>
      </div>
    </div>
  );
}

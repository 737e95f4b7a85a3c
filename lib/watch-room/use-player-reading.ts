"use client";
/** The room's player as controls show it: position, paused, rate, duration and sound, read on its events and twice a second. */
import { useEffect, useState } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";

export interface PlayerDisplay {
  time: number;
  paused: boolean;
  rate: number;
  duration: number | null;
  muted: boolean;
}

export function usePlayerReading(control: (SyncPlayer & { readonly muted?: boolean }) | null, duration: () => number | null): PlayerDisplay {
  const [reading, setReading] = useState<PlayerDisplay>({ time: 0, paused: true, rate: 1, duration: null, muted: false });
  useEffect(() => {
    if (!control) return;
    const update = () => {
      const r = control.read();
      setReading({ time: r.currentTime, paused: r.paused, rate: r.playbackRate, duration: duration(), muted: control.muted ?? false });
    };
    update();
    const timer = window.setInterval(update, 500);
    const unsubscribe = control.onChange(update);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [control, duration]);
  return reading;
}

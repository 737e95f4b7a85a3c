"use client";
/**
 * Voice settings in a small popover by the voice controls (a sheet at the bottom on a phone): which
 * microphone and camera, each person's volume on a phone (their tiles carry it on a wider screen),
 * and whether the video gets quieter while someone talks (auto-duck, on by default, kept in this browser).
 * Device names are only known once the browser has given the microphone, so the lists are read
 * when the popover opens.
 */
import { useId, useRef, useState } from "react";
import type { VoiceHandle } from "@/lib/watch-room/use-voice";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useDismiss } from "@/components/ui/menu";
import { Switch } from "@/components/ui/switch";
import { VolumeSlider } from "./voice-tiles";

const selectClass = "min-h-11 w-full rounded-md border border-slate-600 bg-slate-950 px-2 text-sm text-slate-100 sm:min-h-9";

export function VoiceSettings({ voice }: { voice: VoiceHandle }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { view } = voice;
  useDismiss(open, () => setOpen(false), rootRef, buttonRef);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        className="min-h-11 min-w-11"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          if (!open) voice.refreshDevices();
          setOpen(!open);
        }}
      >
        <Icon name="settings" className="h-4 w-4" /> <span className="max-sm:sr-only">Settings</span>
      </Button>
      {open && (
        <div
          id={`${id}-panel`}
          role="dialog"
          aria-label="Voice settings"
          className="z-40 flex flex-col gap-3 rounded-lg border border-slate-600 bg-slate-900 p-3 shadow-xl max-sm:fixed max-sm:inset-x-2 max-sm:bottom-2 max-sm:max-h-[70vh] max-sm:overflow-y-auto sm:absolute sm:bottom-full sm:left-0 sm:mb-2 sm:w-72"
        >
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            Microphone
            <select className={selectClass} value={view.microphoneId ?? ""} onChange={(event) => voice.setMicrophone(event.target.value)} disabled={view.microphones.length === 0}>
              {view.microphones.length === 0 && <option value="">No microphone found</option>}
              {view.microphones.map((device) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            Camera
            <select className={selectClass} value={view.cameraId ?? ""} onChange={(event) => voice.setCameraDevice(event.target.value)} disabled={view.cameras.length === 0}>
              {view.cameras.length === 0 ? <option value="">No camera found</option> : view.cameraId === null && <option value="">Default camera</option>}
              {view.cameras.map((device) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label}
                </option>
              ))}
            </select>
          </label>
          {view.peers.length > 0 && (
            <fieldset className="flex flex-col gap-1 sm:hidden">
              <legend className="text-sm text-slate-200">Volume</legend>
              {view.peers.map((peer) => (
                <label key={peer.memberId} className="flex items-center gap-2 text-sm text-slate-300">
                  <span className="w-24 shrink-0 truncate">{peer.displayName}</span>
                  <VolumeSlider peer={peer} onVolume={(volume) => voice.setVolume(peer.memberId, volume)} className="h-11 min-w-0 flex-1" />
                </label>
              ))}
            </fieldset>
          )}
          <Switch label="Lower the video while someone talks" checked={voice.autoDuck} onChange={voice.setAutoDuck} disabled={!voice.canDuck} />
          {!voice.canDuck && <p className="text-xs text-slate-400">This video&apos;s player doesn&apos;t let us change its volume.</p>}
        </div>
      )}
    </div>
  );
}

"use client";
/**
 * The people in voice as a strip of tiles: name, a ring while they speak, a muted mark, their camera
 * when it is on, and a volume slider for each (this person's own mix; on a phone, in voice settings, so
 * the strip stays short and the chat stays in view). Every other member's audio
 * plays here, in an <audio> element per tile: a member the host muted in voice plays nothing.
 */
import { useEffect, useRef } from "react";
import type { VoicePeerView } from "@/lib/party-client/voice/voice-mesh";
import type { VoiceHandle } from "@/lib/watch-room/use-voice";
import { Icon } from "@/components/ui/icon";

/** Plays one track in a media element (the element's srcObject wants a stream). */
function TrackPlayer({ track, kind, volume = 1, muted = false, label }: { track: MediaStreamTrack; kind: "audio" | "video"; volume?: number; muted?: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = new MediaStream([track]);
    void el.play().catch(() => undefined);
    return () => {
      el.srcObject = null;
    };
  }, [track]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.volume = volume;
    el.muted = muted;
  }, [volume, muted]);
  if (kind === "audio") return <audio ref={ref} autoPlay data-voice-audio aria-label={label} />;
  return <video ref={ref} autoPlay playsInline muted className="absolute inset-0 h-full w-full object-cover" data-voice-video aria-label={label} />;
}

function Initial({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex h-full w-full items-center justify-center text-2xl font-bold text-slate-300">
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

/** One person's volume in this person's own mix (0–100 %); silent for someone the host muted. */
export function VolumeSlider({ peer, onVolume, className }: { peer: VoicePeerView; onVolume(volume: number): void; className: string }) {
  return (
    <input
      type="range"
      min={0}
      max={100}
      step={5}
      value={Math.round(peer.volume * 100)}
      onChange={(event) => onVolume(Number(event.target.value) / 100)}
      aria-label={`Volume for ${peer.displayName}`}
      aria-valuetext={`${Math.round(peer.volume * 100)}%`}
      disabled={peer.hostMuted}
      className={`accent-cyan-300 ${className}`}
    />
  );
}

function Tile({ peer, onVolume }: { peer: VoicePeerView; onVolume(volume: number): void }) {
  const silent = peer.hostMuted || peer.muted;
  return (
    <li
      className="flex w-24 shrink-0 flex-col gap-1 sm:w-40"
      data-member-id={peer.memberId}
      data-speaking={peer.speaking}
      data-muted={silent}
      data-connection={peer.connection}
    >
      <div className={`relative aspect-video overflow-hidden rounded-md bg-slate-800 ring-2 transition-shadow ${peer.speaking && !silent ? "ring-emerald-400" : "ring-transparent"}`}>
        {peer.camera && peer.video ? <TrackPlayer track={peer.video} kind="video" label={`${peer.displayName}'s camera`} /> : <Initial name={peer.displayName} />}
        {peer.connection !== "connected" && (
          <span className="absolute inset-x-0 bottom-0 bg-slate-950/80 px-1 text-center text-xs text-slate-200">{peer.connection === "retrying" ? "Reconnecting…" : "Connecting…"}</span>
        )}
      </div>
      {peer.audio && <TrackPlayer track={peer.audio} kind="audio" volume={peer.volume} muted={peer.hostMuted} label={`${peer.displayName}'s voice`} />}
      <span className="flex min-w-0 items-center gap-1 text-sm">
        <span className="min-w-0 truncate font-semibold text-white" title={peer.displayName}>
          {peer.displayName}
        </span>
        {peer.speaking && !silent && <span className="sr-only">(speaking)</span>}
        {silent && (
          <span className="shrink-0 text-xs text-amber-200" data-testid="voice-tile-muted">
            <Icon name="micOff" className="inline h-3.5 w-3.5 align-[-2px]" /> {peer.hostMuted ? "muted by host" : "muted"}
          </span>
        )}
      </span>
      <VolumeSlider peer={peer} onVolume={onVolume} className="h-6 w-full max-sm:hidden" />
    </li>
  );
}

export function VoiceTiles({ voice, you }: { voice: VoiceHandle; you: string }) {
  const { view } = voice;
  if (view.phase !== "speaking" && view.phase !== "listening") return null;
  return (
    <ul aria-label="In voice" className="flex gap-2 overflow-x-auto pb-1" data-testid="voice-tiles">
      {view.phase === "speaking" && (
        <li className="flex w-24 shrink-0 flex-col gap-1 sm:w-40" data-self data-speaking={view.selfSpeaking} data-muted={!view.transmitting}>
          <div className={`relative aspect-video overflow-hidden rounded-md bg-slate-800 ring-2 ${view.selfSpeaking ? "ring-emerald-400" : "ring-transparent"}`}>
            {view.selfVideo ? <TrackPlayer track={view.selfVideo} kind="video" label="Your camera" /> : <Initial name={you} />}
          </div>
          <span className="flex min-w-0 items-center gap-1 text-sm">
            <span className="min-w-0 truncate font-semibold text-white" title={you}>
              {you}
            </span>
            <span className="shrink-0 text-slate-300">(you)</span>
            {!view.transmitting && (
              <span className="shrink-0 text-xs text-amber-200">
                <Icon name="micOff" className="inline h-3.5 w-3.5 align-[-2px]" /> {view.hostMuted ? "muted by host" : "muted"}
              </span>
            )}
          </span>
        </li>
      )}
      {view.peers.map((peer) => (
        <Tile key={peer.memberId} peer={peer} onVolume={(v) => voice.setVolume(peer.memberId, v)} />
      ))}
      {view.phase === "speaking" && view.peers.length === 0 && <li className="flex items-center px-2 text-sm text-slate-400">Nobody else is in voice yet.</li>}
    </ul>
  );
}

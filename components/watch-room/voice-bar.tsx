"use client";
/**
 * The room's voice controls, under the video: "Join voice" (the browser asks for the microphone only
 * then); once in, mute, hold to talk, camera, settings and leave; when voice is full, listening to
 * the host or waiting for a seat. One message at a time says what went wrong and what to do. The
 * tiles of the people in voice are voice-tiles.tsx.
 */
import type { KeyboardEvent, PointerEvent } from "react";
import { VOICE_TEXTS, voiceTexts } from "@/lib/party-client/voice/voice-texts";
import type { VoiceHandle } from "@/lib/watch-room/use-voice";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { VoiceSettings } from "./voice-settings";

const toggleClass = "min-h-11 min-w-11";
/** On a phone the buttons beside "Hold to talk" show their icon only (their name stays for screen readers): one row, so the chat keeps its room. */
const phoneIconOnly = "max-sm:sr-only";

/** A button held down to talk: pointer (mouse, finger, pen) or Space/Enter held on the keyboard. */
function HoldToTalk({ held, onHold }: { held: boolean; onHold(held: boolean): void }) {
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    // Captured, so sliding the finger off the button does not leave the microphone open.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    onHold(true);
  };
  const key = (down: boolean) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    if (down && event.repeat) return;
    onHold(down);
  };
  return (
    <Button
      variant={held ? "primary" : "secondary"}
      size="sm"
      className={`${toggleClass} touch-none select-none`}
      aria-pressed={held}
      title="Hold to talk (or hold the V key)"
      onPointerDown={press}
      onPointerUp={() => onHold(false)}
      onPointerCancel={() => onHold(false)}
      onLostPointerCapture={() => onHold(false)}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={key(true)}
      onKeyUp={key(false)}
      onBlur={() => held && onHold(false)}
      data-testid="voice-hold"
    >
      <Icon name="mic" className="h-4 w-4" /> {held ? "Talking…" : "Hold to talk"}
    </Button>
  );
}

export function VoiceBar({ voice, disabled = false }: { voice: VoiceHandle; disabled?: boolean }) {
  const { view } = voice;
  const { phase, notice } = view;
  const mutedShown = view.muted || !view.hasMicrophone || view.hostMuted;

  return (
    <section aria-label="Voice" className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-900/70 p-2 text-sm text-slate-200" data-testid="voice-bar" data-voice-phase={phase}>
      {phase === "out" && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button size="sm" className="min-h-11" onClick={() => voice.join("speak")} disabled={disabled}>
            <Icon name="headphones" className="h-4 w-4" /> {VOICE_TEXTS.join}
          </Button>
          <span className="text-slate-300">
            {view.speakers > 0 ? `${voiceTexts.seatsTaken(view.speakers)}. ` : "Talk while you watch. "}
            {VOICE_TEXTS.notRecorded}
          </span>
        </div>
      )}

      {phase === "joining" && (
        <p role="status" className="flex min-h-11 items-center">
          {VOICE_TEXTS.joining}
        </p>
      )}

      {phase === "full" && (
        <div className="flex flex-col gap-2" data-testid="voice-full">
          <p role="status" className="font-semibold text-white">
            {VOICE_TEXTS.full}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" className="min-h-11" onClick={() => voice.join("listen")}>
              {VOICE_TEXTS.listen}
            </Button>
            <Button variant="secondary" size="sm" className="min-h-11" onClick={() => voice.join("wait")}>
              {VOICE_TEXTS.wait}
            </Button>
            <Button variant="ghost" size="sm" className="min-h-11" onClick={() => voice.leave()}>
              Not now
            </Button>
          </div>
        </div>
      )}

      {(phase === "listening" || phase === "waiting") && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p role="status" className="min-w-0 flex-1">
            {phase === "listening" ? VOICE_TEXTS.listening : VOICE_TEXTS.waiting}
          </p>
          <Button variant="secondary" size="sm" className="min-h-11" onClick={() => voice.leave()}>
            {VOICE_TEXTS.leave}
          </Button>
        </div>
      )}

      {phase === "speaking" && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Your microphone and camera">
          <Button
            variant={mutedShown ? "warning" : "secondary"}
            size="sm"
            className={toggleClass}
            aria-pressed={mutedShown}
            disabled={view.hostMuted}
            onClick={() => voice.setMuted(!mutedShown)}
            data-testid="voice-mute"
          >
            <Icon name={mutedShown ? "micOff" : "mic"} className="h-4 w-4" /> <span className={phoneIconOnly}>{mutedShown ? "Unmute" : "Mute"}</span>
          </Button>
          {view.muted && view.hasMicrophone && !view.hostMuted && <HoldToTalk held={view.talkHeld} onHold={voice.setTalkHeld} />}
          <Button variant={view.camera ? "primary" : "secondary"} size="sm" className={toggleClass} aria-pressed={view.camera} onClick={() => voice.setCamera(!view.camera)} data-testid="voice-camera">
            <Icon name="camera" className="h-4 w-4" /> <span className={phoneIconOnly}>{view.camera ? "Camera off" : "Camera on"}</span>
          </Button>
          <VoiceSettings voice={voice} />
          <Button variant="danger" size="sm" className={toggleClass} onClick={() => voice.leave()}>
            <Icon name="leave" className="h-4 w-4" /> <span className={phoneIconOnly}>{VOICE_TEXTS.leave}</span>
          </Button>
          <span className="text-xs text-slate-400 max-sm:hidden">{VOICE_TEXTS.notRecorded}</span>
        </div>
      )}

      {view.hostMuted && phase === "speaking" && (
        <p role="status" className="text-amber-200" data-testid="voice-host-muted">
          {VOICE_TEXTS.hostMutedYou}
        </p>
      )}

      {notice && (
        <div className={`flex items-start gap-2 rounded-md px-2 py-1.5 ${notice.tone === "error" ? "bg-red-950/80 text-red-100" : "bg-amber-950/80 text-amber-100"}`}>
          <p role={notice.tone === "error" ? "alert" : "status"} className="min-w-0 flex-1" data-testid="voice-notice">
            {notice.text}
          </p>
          <Button variant="ghost" size="xs" className="min-h-11 min-w-11 sm:min-h-6" aria-label="Dismiss this message" onClick={voice.dismissNotice}>
            ✕
          </Button>
        </div>
      )}
    </section>
  );
}

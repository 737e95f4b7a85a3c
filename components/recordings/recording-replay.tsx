"use client";
/**
 * The replay page's player: the recorded party over the YouTube embed (the watch room's player and
 * adapter), driven by ReplayDriver; chat, drawings and the poll as they were at the replay's moment;
 * a scrubber with the recording's markers, play/pause and speed. Jumping anywhere shows the exact
 * state of that instant (`stateAt`). With "Watch together" the viewer hosts a live party that this
 * player drives, like any host's player.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { RoomPlayer, type PlayerUrls, type RoomMedia } from "@/components/watch-room/room-player";
import { formatClock } from "@/lib/sync/format-clock";
import { useRecordingTimeline } from "@/lib/api/use-recordings";
import type { Recording } from "@/lib/schemas/recording";
import { stateAt, timelineMarkers, type PlayerAction, type RecordingTimeline, type ReplayState } from "@/lib/sync";
import { durationOf, replayOffset, REPLAY_SPEEDS, ReplayDriver, type ReplayAnchor } from "@/lib/watch-room/replay-driver";
import { ReplayChat } from "./replay-chat";
import { ReplayPoll } from "./replay-poll";
import { WatchTogether } from "./watch-together";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";

type Control = SyncPlayer & { setMuted(muted: boolean): void; readonly muted: boolean };

const TICK_MS = 100;
const wallNow = () => performance.now();

export function RecordingReplay({ recording, urls, signedIn }: { recording: Recording; urls: PlayerUrls; signedIn: boolean }) {
  const { timeline, error, loaded, total, waiting } = useRecordingTimeline(recording.id);
  if (error) return <p role="alert" className="text-red-300">{error.message}</p>;
  if (!timeline) return <ReplayLoading loaded={loaded} total={total} waiting={waiting} />;
  return <Replay recording={recording} timeline={timeline} urls={urls} signedIn={signedIn} />;
}

/** A large recording comes in pages: how far along it is (and why it pauses when the server is busy). */
function ReplayLoading({ loaded, total, waiting }: { loaded: number; total: number; waiting: boolean }) {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  return (
    <div className="flex max-w-md flex-col gap-2" role="status" data-testid="replay-loading">
      <p className="text-slate-300">{waiting ? "Many recordings are loading right now; waiting for the server..." : total > 0 ? `Loading the recording... ${percent} %` : "Loading the recording..."}</p>
      {total > 0 && <progress className="h-2 w-full accent-cyan-400" max={total} value={loaded} aria-label="Recording loaded" />}
    </div>
  );
}

function perform(player: SyncPlayer, action: PlayerAction): void {
  if (action.type === "play") void player.play().catch(() => undefined);
  else if (action.type === "pause") player.pause();
  else if (action.type === "seek") player.seek(action.position);
  else player.setRate(action.rate);
}

function Replay({ recording, timeline, urls, signedIn }: { recording: Recording; timeline: RecordingTimeline; urls: PlayerUrls; signedIn: boolean }) {
  const duration = durationOf(timeline);
  const markers = useMemo(() => timelineMarkers(timeline), [timeline]);
  const driver = useMemo(() => new ReplayDriver(timeline), [timeline]);
  const [anchor, setAnchor] = useState<ReplayAnchor>(() => ({ wall: wallNow(), offset: 0, speed: 1, playing: false }));
  const anchorRef = useRef(anchor);
  const [view, setView] = useState<ReplayState>(() => stateAt(timeline, 0));
  const [offset, setOffset] = useState(0);
  const [control, setControl] = useState<Control | null>(null);
  const controlRef = useRef<Control | null>(null);
  const shownRef = useRef<string | null>(null);
  const [playerError, setPlayerError] = useState<string | null>(null);

  const moveTo = useCallback(
    (next: Partial<ReplayAnchor>) => {
      const wall = wallNow();
      const current = anchorRef.current;
      const updated = { ...current, offset: replayOffset(current, wall, duration), wall, ...next };
      anchorRef.current = updated;
      setAnchor(updated);
      // The slider is controlled by `offset`: show the new position at once. Left to the next tick, the
      // re-render after the slider's own input put the old position back into it, and the `change` event
      // that follows (a drag's release) moved the replay back there.
      setOffset(updated.offset);
    },
    [duration],
  );

  // The replay loop: the clock's state, then the drift controller's actions on the player.
  useEffect(() => {
    let timer = 0;
    const step = () => {
      window.clearTimeout(timer);
      const wall = wallNow();
      const player = controlRef.current;
      const reading = player ? { ...player.read(), mediaId: player.loaded() && shownRef.current ? shownRef.current : null } : null;
      const tick = driver.tick(wall, anchorRef.current, reading);
      if (player && reading) for (const action of tick.decision.actions) perform(player, action);
      setOffset(tick.offset);
      setView((previous) => (previous.applied === tick.state.applied && previous.media.id === tick.state.media.id ? previous : tick.state));
      if (anchorRef.current.playing && tick.offset >= duration) moveTo({ playing: false, offset: duration });
      const wakeIn = tick.decision.wakeAt === null ? TICK_MS : Math.max(0, Math.min(TICK_MS, tick.decision.wakeAt - wall));
      timer = window.setTimeout(step, wakeIn);
    };
    step();
    const unsubscribe = control?.onChange(() => step());
    return () => {
      window.clearTimeout(timer);
      unsubscribe?.();
    };
  }, [driver, control, duration, moveTo, anchor]);

  const media: RoomMedia = useMemo(() => ({ id: view.media.id, url: view.media.url, title: view.media.title }), [view.media]);
  const onControl = useCallback((next: Control | null) => {
    controlRef.current = next;
    setControl(next);
  }, []);
  const onShowing = useCallback((shown: RoomMedia) => {
    shownRef.current = shown.id;
  }, []);
  const noop = useCallback(() => undefined, []);

  return (
    <div
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px]"
      data-testid="replay"
      data-anchor-wall={anchor.wall}
      data-anchor-offset={anchor.offset}
      data-speed={anchor.speed}
      data-playing={anchor.playing ? "true" : "false"}
      data-started-at={timeline.startedAt}
    >
      <section className="flex min-w-0 flex-col gap-3" aria-label="Replay">
        <RoomPlayer media={media} urls={urls} isHost={false} strokes={view.strokes} onControl={onControl} onShowing={onShowing} onEnded={noop} onError={setPlayerError} />
        {playerError && (
          <p role="alert" className="rounded-md bg-red-950/80 px-3 py-2 text-sm text-red-100">
            {playerError}
          </p>
        )}
        <div className="flex flex-col gap-2 rounded-lg border border-slate-700 bg-slate-900/70 p-3" role="group" aria-label="Replay controls">
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" onClick={() => moveTo(anchor.playing ? { playing: false } : { playing: true, ...(offset >= duration ? { offset: 0 } : {}) })}>
              {anchor.playing ? "Pause replay" : "Play replay"}
            </Button>
            <label className="flex items-center gap-1 text-sm text-slate-200">
              Speed
              <Select value={anchor.speed} onChange={(e) => moveTo({ speed: Number(e.target.value) })} aria-label="Playback speed">
                {REPLAY_SPEEDS.map((speed) => (
                  <option key={speed} value={speed}>
                    {speed}×
                  </option>
                ))}
              </Select>
            </label>
            <output className="ml-auto font-mono text-sm text-slate-200" data-testid="replay-time">
              {formatClock(offset / 1000)} / {formatClock(duration / 1000)}
            </output>
          </div>
          <div className="relative pt-4">
            <ol className="absolute inset-x-0 top-0 h-4" aria-label="Moments">
              {markers.map((marker, index) => (
                <li key={`${marker.offset}-${index}`} className="absolute -translate-x-1/2" style={{ left: `${duration > 0 ? (marker.offset / duration) * 100 : 0}%` }}>
                  <button
                    type="button"
                    title={`${formatClock(marker.offset / 1000)} ${marker.label}`}
                    aria-label={`${formatClock(marker.offset / 1000)} ${marker.label}`}
                    data-marker={marker.kind}
                    className={`block h-3 w-1.5 rounded-sm ${marker.kind === "seek" ? "bg-cyan-300" : marker.kind === "media" ? "bg-fuchsia-300" : marker.kind === "poll" ? "bg-amber-300" : "bg-slate-400"}`}
                    onClick={() => moveTo({ offset: marker.offset })}
                  />
                </li>
              ))}
            </ol>
            <input
              type="range"
              className="w-full accent-cyan-400"
              min={0}
              max={duration}
              step={100}
              value={Math.round(offset)}
              aria-label="Replay position"
              onChange={(e) => moveTo({ offset: Number(e.target.value) })}
            />
          </div>
          <p className="text-sm text-slate-300" data-testid="replay-state">
            {view.paused ? "Paused" : "Playing"} at {formatClock(view.position)} of {view.media.title || "the video"}
          </p>
        </div>
        <ReplayPoll poll={view.poll} />
        {signedIn && <WatchTogether recordingId={recording.id} control={control} media={media} />}
      </section>
      <aside className="flex min-w-0 flex-col gap-4" aria-label="Recorded chat">
        <ReplayChat messages={view.chat} included={recording.include_chat} />
      </aside>
    </div>
  );
}

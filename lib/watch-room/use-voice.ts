"use client";
/**
 * Voice in the watch room: the VoiceMesh (lib/party-client/voice) wired to the browser's WebRTC,
 * microphone and Web Audio, to the party's state and signals as the room's session receives them, and
 * to the room's player for auto-duck. Push-to-talk on a desktop is the V key held while focus is not
 * in a text field; the room's hold button does the same on a phone.
 *
 * Nothing is asked of the browser until the person presses Join voice (the mesh asks for the
 * microphone then); a room where nobody joins never touches WebRTC or the microphone.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { ApiClient } from "@/lib/party-client/api-client";
import { webAudioMeter } from "@/lib/party-client/voice/audio-level";
import { AutoDuck, volumeControlOf } from "@/lib/party-client/voice/auto-duck";
import { VOICE_OUT_VIEW, VoiceMesh, type VoiceView } from "@/lib/party-client/voice/voice-mesh";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { STORAGE_KEYS } from "@/lib/constants";
import { emptyVoice, type VoiceJoinMode, type VoiceState } from "@/lib/sync";
import type { WatchRoomHandle } from "./use-watch-room";
import { isTalkKeyDown, isTalkKeyUp } from "@/lib/party-client/voice/push-to-talk";

export interface VoiceHandle {
  view: VoiceView;
  join(mode?: VoiceJoinMode): void;
  leave(): void;
  setMuted(muted: boolean): void;
  setTalkHeld(held: boolean): void;
  setCamera(on: boolean): void;
  setVolume(memberId: string, volume: number): void;
  setMicrophone(deviceId: string): void;
  setCameraDevice(deviceId: string): void;
  refreshDevices(): void;
  dismissNotice(): void;
  autoDuck: boolean;
  setAutoDuck(on: boolean): void;
  /** Whether the room's player can be ducked (TikTok's embed has no volume). */
  canDuck: boolean;
}

function readAutoDuck(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.voiceAutoDuck) !== "0";
  } catch {
    return true;
  }
}

function writeAutoDuck(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(STORAGE_KEYS.voiceAutoDuck);
    else window.localStorage.setItem(STORAGE_KEYS.voiceAutoDuck, "0");
  } catch {
    // Storage refused (private mode): the setting holds for this visit only.
  }
}

interface UseVoiceOptions {
  room: Pick<WatchRoomHandle, "send" | "onVoiceSignal">;
  token: string;
  selfId: string | null;
  voice: VoiceState | undefined;
  hostId: string | null;
  player: SyncPlayer | null;
}

export function useVoice({ room, token, selfId, voice, hostId, player }: UseVoiceOptions): VoiceHandle {
  const [mesh, setMesh] = useState<VoiceMesh | null>(null);
  const listeners = useRef(new Set<() => void>());
  const { send, onVoiceSignal } = room;

  useEffect(() => {
    if (!selfId || typeof window === "undefined") return;
    const api = new ApiClient(window.location.origin);
    const audio = webAudioMeter();
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    const next = new VoiceMesh({
      selfId,
      send,
      createPeerConnection: (config) => new RTCPeerConnection(config),
      // No mediaDevices: an insecure page (http other than localhost) or a browser without WebRTC.
      getUserMedia: (constraints) => (devices ? devices.getUserMedia(constraints) : Promise.reject(new TypeError("getUserMedia"))),
      enumerateDevices: devices ? () => devices.enumerateDevices() : undefined,
      iceServers: () => api.voiceIceServers(token).catch(() => []),
      meter: audio?.meter,
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      now: () => performance.now(),
      onChange: () => {
        for (const listener of listeners.current) listener();
      },
    });
    const onDeviceChange = () => void next.refreshDevices();
    devices?.addEventListener?.("devicechange", onDeviceChange);
    const unsubscribe = onVoiceSignal((from, signal) => next.receiveSignal(from, signal));
    setMesh(next);
    return () => {
      unsubscribe();
      devices?.removeEventListener?.("devicechange", onDeviceChange);
      next.dispose();
      audio?.close();
      setMesh(null);
    };
  }, [selfId, token, send, onVoiceSignal]);

  useEffect(() => {
    mesh?.update(voice ?? emptyVoice(), hostId);
  }, [mesh, voice, hostId]);

  const subscribe = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  const view = useSyncExternalStore(
    subscribe,
    () => mesh?.view() ?? VOICE_OUT_VIEW,
    () => VOICE_OUT_VIEW,
  );

  // Auto-duck: the player's volume follows whether anyone else is loud.
  const [autoDuck, setAutoDuckState] = useState(readAutoDuck);
  const duckRef = useRef<AutoDuck | null>(null);
  const volume = useMemo(() => volumeControlOf(player), [player]);
  useEffect(() => {
    const duck = new AutoDuck({ now: () => performance.now(), setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (h) => window.clearTimeout(h as number) });
    duckRef.current = duck;
    return () => {
      duck.dispose();
      duckRef.current = null;
    };
  }, []);
  useEffect(() => duckRef.current?.setPlayer(volume), [volume]);
  useEffect(() => duckRef.current?.setEnabled(autoDuck), [autoDuck]);
  useEffect(() => duckRef.current?.setTalking(view.othersLoud), [view.othersLoud]);

  // Push-to-talk on a keyboard: V held, away from text fields; let go when the window loses focus.
  const speaking = view.phase === "speaking";
  useEffect(() => {
    if (!mesh || !speaking) return;
    const down = (event: KeyboardEvent) => {
      if (isTalkKeyDown(event)) mesh.setTalkHeld(true);
    };
    const up = (event: KeyboardEvent) => {
      if (isTalkKeyUp(event)) mesh.setTalkHeld(false);
    };
    const blur = () => mesh.setTalkHeld(false);
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    window.addEventListener("blur", blur);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
      window.removeEventListener("blur", blur);
      mesh.setTalkHeld(false);
    };
  }, [mesh, speaking]);

  const actions = useMemo(
    () => ({
      join: (mode?: VoiceJoinMode) => void mesh?.join(mode),
      leave: () => void mesh?.leave(),
      setMuted: (muted: boolean) => void mesh?.setMuted(muted),
      setTalkHeld: (held: boolean) => mesh?.setTalkHeld(held),
      setCamera: (on: boolean) => void mesh?.setCamera(on),
      setVolume: (memberId: string, v: number) => mesh?.setVolume(memberId, v),
      setMicrophone: (deviceId: string) => void mesh?.setMicrophone(deviceId),
      setCameraDevice: (deviceId: string) => void mesh?.setCameraDevice(deviceId),
      refreshDevices: () => void mesh?.refreshDevices(),
      dismissNotice: () => mesh?.dismissNotice(),
      setAutoDuck: (on: boolean) => {
        setAutoDuckState(on);
        writeAutoDuck(on);
      },
    }),
    [mesh],
  );
  return { view, autoDuck, canDuck: volume !== null, ...actions };
}

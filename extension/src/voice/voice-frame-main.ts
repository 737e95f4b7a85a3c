/**
 * Starts the voice frame with the browser's WebRTC, microphone and Web Audio, the API's ICE servers
 * (with this browser's ViewParty token: the frame is an extension page and reads the extension's
 * storage) and the one-time nonce the overlay's dock stored.
 */
import { ApiClient } from "../../../lib/party-client/api-client";
import { webAudioMeter } from "../../../lib/party-client/voice/audio-level";
import { VoiceMesh } from "../../../lib/party-client/voice/voice-mesh";
import { sessionItem, settingsItem, voiceFrameNonceItem } from "../storage/storage-items";
import { VoiceFrame } from "./voice-frame";

export function startVoiceFrame(win: Window & typeof globalThis, mount: HTMLElement): VoiceFrame {
  const audio = webAudioMeter(win);
  const devices = win.navigator.mediaDevices as MediaDevices | undefined;
  const frame = new VoiceFrame(win, {
    claimNonce: async () => {
      const nonce = await voiceFrameNonceItem.get();
      // One frame per nonce: a second frame (or a second read) finds none.
      await voiceFrameNonceItem.set(null);
      return nonce;
    },
    createMesh: (selfId, send, onChange) => {
      const mesh = new VoiceMesh({
        selfId,
        send,
        createPeerConnection: (config) => new win.RTCPeerConnection(config),
        getUserMedia: (constraints) => (devices ? devices.getUserMedia(constraints) : Promise.reject(new TypeError("getUserMedia"))),
        enumerateDevices: devices ? () => devices.enumerateDevices() : undefined,
        iceServers: async () => {
          const [settings, session] = await Promise.all([settingsItem.get(), sessionItem.get()]);
          if (!session) return [];
          return new ApiClient(settings?.serverUrl ?? __VP_SERVER_URL__).voiceIceServers(session.token).catch(() => []);
        },
        meter: audio?.meter,
        setTimeout: (fn, ms) => win.setTimeout(fn, ms),
        clearTimeout: (handle) => win.clearTimeout(handle as number),
        now: () => win.performance.now(),
        onChange,
      });
      devices?.addEventListener?.("devicechange", () => void mesh.refreshDevices());
      return mesh;
    },
  });
  frame.start(mount);
  win.addEventListener("pagehide", () => audio?.close());
  return frame;
}

/**
 * What a person reads about voice and camera: one module, so the room, the extension's overlay
 * and the tests read the same words. Plain and polite; each says what happened and what to do.
 */
import { VOICE_MAX_MEMBERS } from "@/lib/sync";

export const VOICE_TEXTS = {
  join: "Join voice",
  leave: "Leave voice",
  notRecorded: "Voice isn't recorded.",
  full: `Voice is full (${VOICE_MAX_MEMBERS} of ${VOICE_MAX_MEMBERS}).`,
  listen: "Listen to the host",
  wait: "Wait for a seat",
  listening: "You're listening to the host.",
  waiting: "You're waiting for a seat in voice. You'll join as soon as one is free.",
  joining: "Joining voice…",
  micBlocked: "Your browser blocked the microphone. Allow it for this site (the icon in the address bar), then press Join voice again.",
  cameraBlocked: "Your browser blocked the camera. Allow it for this site (the icon in the address bar), then turn the camera on again.",
  noMic: "No microphone was found. You're in voice muted and can hear everyone; plug one in and unmute.",
  noCamera: "No camera was found.",
  micBusy: "The microphone is in use by another app, or couldn't start. Close the other app and try again.",
  cameraBusy: "The camera is in use by another app, or couldn't start. Close the other app and try again.",
  noWebRtc: "This browser can't do voice calls. Try a current Chrome, Edge, Firefox or Safari.",
  hostMutedYou: "The host muted you in voice.",
  removed: "The host took you out of voice. You can join again.",
  notInVoice: "You're no longer in voice. Press Join voice to come back.",
  tooFast: "Too many voice changes at once. Wait a moment and try again.",
  failed: "Voice didn't work this time. Please try again.",
} as const;

export const voiceTexts = {
  retrying: (name: string) => `Couldn't connect to ${name}. Retrying…`,
  vanished: (name: string) => `${name} is no longer in voice.`,
  deviceLost: (kind: "microphone" | "camera", label: string | null) =>
    `Your ${kind}${label ? ` (${label})` : ""} was disconnected. Switched to the default ${kind}.`,
  deviceLostNoFallback: (kind: "microphone" | "camera") => `Your ${kind} was disconnected and no other was found.`,
  seatsTaken: (speakers: number) => `${speakers} of ${VOICE_MAX_MEMBERS} in voice`,
};

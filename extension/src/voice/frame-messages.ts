/**
 * The messages between the overlay's voice dock (content script, the streaming site's page) and the
 * voice frame (an extension page in an iframe inside the overlay, where the WebRTC mesh runs).
 *
 * Why a frame: getUserMedia in a content script asks in the site's origin ("netflix.com wants to use
 * your microphone"), the grant then belongs to the site's own scripts for later visits, and a site's
 * Permissions-Policy may forbid the microphone to everything in its page. In the extension's frame
 * (allow="microphone; camera; autoplay") the grant is ViewParty's, the tracks never enter the site's
 * page, and the site's scripts cannot reach the peer connections (a cross-origin frame).
 *
 * The channel: a MessageChannel port the dock hands over once, with a one-time nonce it put in the
 * extension's storage first (which the page cannot read). The frame takes the first port whose
 * nonce matches and ignores every other message; the page can neither read nor forge what passes
 * on the port. Every message is parsed on arrival all the same.
 */
import { z } from "zod";
import { VOICE_COMMAND_TYPES, voiceSignalSchema, voiceStateSchema } from "@/lib/sync";

/** The handshake, posted by the dock to the frame's window with the port transferred. */
export const frameHelloSchema = z.object({ kind: z.literal("vp-voice-hello"), nonce: z.string().min(16).max(128) });

/** Dock → frame, on the port. */
export const toFrameSchema = z.discriminatedUnion("kind", [
  /** This member, the host and the party's voice state (null before the first snapshot). */
  z.object({ kind: z.literal("state"), selfId: z.string().nullable(), hostId: z.string().nullable(), voice: voiceStateSchema.nullable(), autoDuck: z.boolean() }),
  z.object({ kind: z.literal("signal"), from: z.string(), signal: voiceSignalSchema }),
  z.object({ kind: z.literal("result"), reqId: z.number().int(), ok: z.boolean(), error: z.string().optional(), code: z.string().optional() }),
  /** The overlay's push-to-talk key, held (true) or let go, on the site's page. */
  z.object({ kind: z.literal("talk"), held: z.boolean() }),
]);
export type ToFrame = z.infer<typeof toFrameSchema>;

/** Frame → dock, on the port. Only voice commands pass: the frame cannot steer the party. */
export const fromFrameSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("command"), reqId: z.number().int(), command: z.object({ type: z.enum(VOICE_COMMAND_TYPES) }).passthrough() }),
  /** Someone else's voice is loud now (auto-duck's input). */
  z.object({ kind: z.literal("loud"), loud: z.boolean() }),
  /** The panel's size (CSS px), so the dock sizes and places the iframe. */
  z.object({ kind: z.literal("size"), width: z.number().min(0).max(4000), height: z.number().min(0).max(4000) }),
  /** In voice (speaking or listening): push-to-talk and the duck apply only then. */
  z.object({ kind: z.literal("phase"), inVoice: z.boolean() }),
  z.object({ kind: z.literal("autoDuck"), on: z.boolean() }),
]);
export type FromFrame = z.infer<typeof fromFrameSchema>;

/** The frame's page, relative to the extension's root (WXT names an unlisted page after its folder). */
export const VOICE_FRAME_PATH = "/voice-frame.html";

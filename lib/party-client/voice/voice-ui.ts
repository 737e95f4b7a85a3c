/**
 * Whether the watch room and the extension's overlay offer voice (issue 33). Everything behind it is
 * built and tested (the server's voice commands and signal relay, the mesh, auto-duck, the room's
 * voice bar and tiles, the overlay's voice frame), but it is not offered yet. The watch room's
 * end-to-end run (tests/pending/watch-room-voice.spec.ts, outside the suite until this is on) found
 * one first connection in six that never started; its cause (crossing first offers, the polite side's
 * rollback catching its own offer mid-way, after which Chromium gathered no candidates) is fixed in
 * voice-mesh.ts, and voice goes on once that run has passed in the whole suite: a call that silently
 * carries no sound is worse than no call. The server's voice commands stay available either way.
 */
export const VOICE_UI_ENABLED = false;

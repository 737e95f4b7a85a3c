/**
 * ViewParty's sync engine: pure TypeScript, no Node or DOM globals (time, timers and the player are
 * injected), imported by the server's route handlers and by the browser extension.
 */
export * from "./protocol";
export * from "./clock";
export * from "./playback-model";
export * from "./streamer";
export * from "./player";
export * from "./drift-controller";
export * from "./host-adoption";
export * from "./host-reporter";
export * from "./host-wait";
export * from "./member-list";
export * from "./sync-client";
export * from "./queue";
export * from "./poll";
export * from "./moderation";
export * from "./moderation-state";
export * from "./voice-state";
export * from "./chat-report";
export * from "./recording-state";
export * from "./recording";
export * from "./live-party-state";
export * from "./command-socket-protocol";
export * from "./stream-notice";

import "server-only";
/**
 * Hands the realtime hot path to the app's own HTTP server (scripts/server.mjs), which calls it
 * before passing a request to Next, and the party command sockets, which take its WebSocket
 * upgrades. It is compiled by Next's own build as part of the instrumentation hook, so the server
 * (plain .mjs) needs no second build of the TypeScript domain code, and the process-wide state it
 * shares with the route bundles (rooms, bus, database, rate limiters, Better Auth) lives on
 * globalThis already. The same in development (`npm run dev` runs the same server).
 */
import { createCommandSockets } from "./command-socket";
import { createHotPath } from "./serve-hot-path";
import { getEnv } from "@/lib/server/env";
import { startDraining } from "@/lib/server/lifecycle";

/** Where scripts/server.mjs looks for `(req, res) => boolean` (true: the request is being served). */
export const HOT_PATH = Symbol.for("viewparty.hotPath");
/** Where scripts/server.mjs looks for the command sockets (`upgrade(req, socket, head) => boolean`, `closeAll()`). */
export const COMMAND_SOCKETS = Symbol.for("viewparty.commandSockets");
/** Where scripts/server.mjs looks for the drain on SIGTERM (lib/server/lifecycle.ts's startDraining). */
export const DRAIN = Symbol.for("viewparty.drain");
/** Where scripts/server.mjs reads how long the drain may take (VP_DRAIN_TIMEOUT_MS, as env.ts parsed it). */
export const DRAIN_BOUND_MS = Symbol.for("viewparty.drainBoundMs");

export function installHotPath(): void {
  const global = globalThis as {
    [HOT_PATH]?: ReturnType<typeof createHotPath>;
    [COMMAND_SOCKETS]?: ReturnType<typeof createCommandSockets>;
    [DRAIN]?: () => Promise<void>;
    [DRAIN_BOUND_MS]?: number;
  };
  // A dev server re-runs the instrumentation hook after an edit to it: the sockets of the previous copy close.
  global[COMMAND_SOCKETS]?.closeAll();
  global[HOT_PATH] = createHotPath();
  const sockets = createCommandSockets();
  global[COMMAND_SOCKETS] = sockets;
  global[DRAIN_BOUND_MS] = getEnv().VP_DRAIN_TIMEOUT_MS;
  global[DRAIN] = async () => {
    // Every stream, recorder and bot drains (whenDraining); the sockets answer what they took, then close.
    await Promise.all([startDraining(), sockets.drain()]);
  };
}

import "server-only";
/**
 * Hands the realtime fast path to the app's own HTTP server (scripts/server.mjs), which calls it
 * before passing a request to Next, and the party command sockets, which take its WebSocket
 * upgrades. It is compiled by Next's own build as part of the instrumentation hook, so the server
 * (plain .mjs) needs no second build of the TypeScript domain code, and the process-wide state it
 * shares with the route bundles (rooms, bus, database, rate limiters, Better Auth) lives on
 * globalThis already.
 */
import { createCommandSockets } from "./command-socket";
import { createFastPath } from "./serve-fast-path";

/** Where scripts/server.mjs looks for `(req, res) => boolean` (true: the request is being served). */
export const FAST_PATH = Symbol.for("viewparty.fastPath");
/** Where scripts/server.mjs looks for the command sockets (`upgrade(req, socket, head) => boolean`, `closeAll()`). */
export const COMMAND_SOCKETS = Symbol.for("viewparty.commandSockets");

export function installFastPath(): void {
  const global = globalThis as { [FAST_PATH]?: ReturnType<typeof createFastPath>; [COMMAND_SOCKETS]?: ReturnType<typeof createCommandSockets> };
  global[FAST_PATH] = createFastPath();
  global[COMMAND_SOCKETS] = createCommandSockets();
}

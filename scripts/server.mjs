#!/usr/bin/env node
/**
 * The app's HTTP server, in production (`npm start`) and development (`npm run dev`, with `--dev`:
 * Next's dev server with hot reload) alike: Next's request handler behind a plain Node server, so
 * every request carries the client's real address (`x-vp-client-ip`, from the socket; a client
 * cannot forge it) for rate limits, and the realtime routes and the party command sockets are served
 * on the raw Node request (lib/server/hot-path). Next route handlers cannot see the socket otherwise.
 * Behind a reverse proxy, set VP_TRUST_PROXY=1 to use the proxy's X-Forwarded-For instead.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { answerClientError, rejectMalformedUrl } from "./lib/bad-requests.mjs";
import { limitConnectionsPerClient, requestTimeoutOptions } from "./lib/connection-limits.mjs";
import { createEmbeddedDatabase } from "./lib/create-embedded-db.mjs";
import { nextWithOwnUpgrades } from "./lib/next-upgrades.mjs";
import { loggedPath, processLogger, requestIdFor } from "../lib/server/log-core.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV = "development";
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";

// The proxy reads prerendered pages from the build folder (CSP hashes): name it absolutely.
if (!dev) process.env.VP_NEXT_DIST_DIR ||= path.join(root, ".next");

// A first start creates the embedded database in a child process (see create-embedded-db.mjs).
if (!process.env.DATABASE_URL) await createEmbeddedDatabase(path.resolve(process.env.VP_DATA_DIR ?? ".data"));

// Next's own upgrade listener goes on a server of its own (next-upgrades.mjs), not on ours below.
const { app, forwardUpgrade } = nextWithOwnUpgrades({ dev, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * Lets a route handler destroy the connection of its own request: the slow-client cut-off of an SSE
 * stream (lib/server/realtime/sse.ts) must free a socket whose client stopped reading, and only the
 * socket's owner can. Each request gets an id in `x-vp-connection` (any client-sent value is
 * overwritten, so a request can only ever name its own connection); the id lives until the response
 * closes. A reset (not a graceful close) also drops what is still queued in the kernel for it.
 */
const openResponses = new Map();
let lastResponseId = 0;
globalThis[Symbol.for("viewparty.destroyConnection")] = (id) => {
  const socket = openResponses.get(id);
  if (!socket || socket.destroyed) return;
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else socket.destroy();
};

/**
 * The realtime routes (party streams, commands, joining, the public list and its deltas) served on
 * the raw request/response, before Next's layers; installed by the app's instrumentation hook
 * (lib/server/hot-path), which Next runs when it starts serving. It returns false for every other
 * request; until it is installed, Next serves those routes with their route handlers.
 */
const HOT_PATH = Symbol.for("viewparty.hotPath");
/**
 * VP_HOT_PATH=0 leaves those routes to Next (the command sockets stay): the same functions answer
 * through the route handlers, at Next's cost per request and per frame. For comparing the two ways
 * (tests/integration/realtime-parity.test.ts) or ruling the hot path out.
 */
const hotPathOn = process.env.VP_HOT_PATH !== "0";

/**
 * Every request has an id: the client's (or the proxy's) X-Request-Id when it is a plain token, else a
 * new one. It is stamped on `req.headers` (over any other value, as x-vp-client-ip is), so route
 * handlers and the hot path name it in their log lines, and answered as X-Request-Id. One access line
 * per request at info, when its response closes (an event stream's when the stream ends).
 */
const log = processLogger();
function stampRequestId(req) {
  const id = requestIdFor(req.headers["x-request-id"]);
  req.headers["x-request-id"] = id;
  return id;
}
function logAccess(req, res, reqId, started) {
  if (!log.isLevelEnabled("info")) return;
  res.once("close", () => {
    log.info(
      { reqId, method: req.method, path: loggedPath(req.url ?? "/"), status: res.statusCode, ms: Math.round(performance.now() - started), done: res.writableFinished },
      "request",
    );
  });
}

// A request must arrive whole within VP_REQUEST_TIMEOUT_MS (else 408); see connection-limits.mjs.
const server = http.createServer(requestTimeoutOptions(), (req, res) => {
  if (connectionLimit.refuse(req, res)) return;
  req.headers["x-vp-client-ip"] = req.socket.remoteAddress ?? "";
  if (rejectMalformedUrl(req, res)) return;
  const reqId = stampRequestId(req);
  res.setHeader("X-Request-Id", reqId);
  logAccess(req, res, reqId, performance.now());
  const id = (++lastResponseId).toString(36);
  req.headers["x-vp-connection"] = id;
  openResponses.set(id, req.socket);
  res.once("close", () => openResponses.delete(id));
  if (hotPathOn && globalThis[HOT_PATH]?.(req, res)) return;
  void handle(req, res);
});
/** At most VP_MAX_CONNECTIONS_PER_CLIENT open connections per client address (503 beyond). */
const connectionLimit = limitConnectionsPerClient(server);
/**
 * WebSocket upgrades: the party command sockets (lib/server/hot-path/command-socket.ts), the only
 * upgrade the app offers (the dev server's hot reload aside, which goes to Next). One that arrives
 * while the app is still installing them (just after a start) waits for them, up to 10 s; anything
 * else is refused.
 */
const COMMAND_SOCKETS = Symbol.for("viewparty.commandSockets");
server.on("upgrade", (req, socket, head) => {
  // A peer that resets mid-handshake must not take the process down with an unhandled 'error'.
  socket.on("error", () => socket.destroy());
  if (connectionLimit.refuseUpgrade(req, socket)) return;
  // The command socket's log lines name its upgrade's id; the 101 answers it as X-Request-Id.
  const reqId = stampRequestId(req);
  log.debug({ reqId, path: loggedPath(req.url ?? "/") }, "upgrade");
  const started = Date.now();
  const take = () => {
    if (socket.destroyed) return;
    const sockets = globalThis[COMMAND_SOCKETS];
    if (!sockets && Date.now() - started < 10_000) return void setTimeout(take, 50);
    if (sockets?.upgrade(req, socket, head)) return;
    if (dev && forwardUpgrade(req, socket, head)) return;
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  };
  take();
});
server.on("clientError", answerClientError);
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  // For people running `npm start`: a plain line, then the same as a log line for collectors.
  console.log(`▸ ViewParty ${dev ? "(development) " : ""}ready on http://localhost:${port}`);
  log.info({ port, dev }, "ready");
});

/**
 * SIGTERM drains the instance within VP_DRAIN_TIMEOUT_MS (10 s by default): no new connection is
 * taken, /api/v1/ready refuses (a proxy's health check sends the work elsewhere), every event stream
 * ends and its client resumes by Last-Event-ID on another instance, each command socket answers the
 * commands it took and then closes (1001; what it did not take is sent again by the client), POSTs
 * in flight finish, recordings write what they buffered and Twitch bots release their claims. What is
 * still open at the bound is cut. A second signal stops at once.
 */
const DRAIN = Symbol.for("viewparty.drain");
/** VP_DRAIN_TIMEOUT_MS as the app parsed it (lib/server/env.ts); an app that never started has nothing to drain. */
const DRAIN_BOUND_MS = Symbol.for("viewparty.drainBoundMs");
let stopping = false;
async function stop(signal) {
  if (stopping) {
    log.info({ signal }, "stopped at once");
    process.exit(0);
  }
  stopping = true;
  const started = Date.now();
  const drainBoundMs = globalThis[DRAIN_BOUND_MS] ?? 0;
  log.info({ signal, boundMs: drainBoundMs }, "draining");
  // 'exit' handlers (e.g. the embedded database lock) run on process.exit.
  const exit = (how) => {
    log.info({ ms: Date.now() - started, how }, "stopped");
    process.exit(0);
  };
  const bound = setTimeout(() => {
    server.closeAllConnections?.();
    exit("drain bound reached: what was left open was cut");
  }, drainBoundMs);
  // No new connection; an idle kept-alive one closes now, a busy one once its response is out.
  const closed = new Promise((resolve) => server.close(() => resolve()));
  try {
    await globalThis[DRAIN]?.();
  } catch (error) {
    log.error({ err: error }, "drain failed");
  }
  // The event streams and command sockets are gone; what is left is requests finishing (their
  // kept-alive connections close as they fall idle).
  server.closeIdleConnections?.();
  const idle = setInterval(() => server.closeIdleConnections?.(), 100);
  await closed;
  clearInterval(idle);
  clearTimeout(bound);
  exit("drained");
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

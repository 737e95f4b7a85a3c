/**
 * Limits on what one client can hold of the server's connections (scripts/server.mjs):
 *
 * - A request must arrive whole (head and body) within `VP_REQUEST_TIMEOUT_MS`, else 408 and the
 *   connection is closed. A body trickled a byte at a time used to hold its connection (and the
 *   handler waiting on it) for Node's default of 300 s. The largest body a route takes is 256 KB; at
 *   the default 30 s that is ~9 kB/s, far below any real upload.
 * - At most `VP_MAX_CONNECTIONS_PER_CLIENT` open connections per client address; a request on one
 *   beyond that is answered 503 with Retry-After and its connection closed. A browser opens at most
 *   six per site over HTTP/1.1 (per profile), so hundreds from one address are a bot or an attack
 *   exhausting file descriptors. Behind a trusted proxy (`VP_TRUST_PROXY=1`) every connection comes
 *   from the proxy, so the cap is off there: the proxy limits per client.
 *
 * Both are read here, not through the app's env module: this plain .mjs server runs before the
 * TypeScript build's modules are loaded.
 */

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;
/** What an over-the-cap client is told to wait: a closed connection frees a slot at once. */
const RETRY_AFTER_SECONDS = 5;

function nonNegativeInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}")`);
  return value;
}

/** `http.createServer` options: the whole-request deadline, checked often enough to be kept. */
export function requestTimeoutOptions() {
  const requestTimeout = nonNegativeInteger("VP_REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS);
  if (requestTimeout === 0) return { requestTimeout: 0 };
  return {
    requestTimeout,
    // Node refuses a head deadline longer than the whole request's.
    headersTimeout: Math.min(60_000, requestTimeout),
    // Node checks the deadlines on this interval (30 s by default): a quarter of the deadline keeps
    // a late request's answer within 25 % of it.
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeout / 4))),
  };
}

const OVER_LIMIT = Symbol("overConnectionLimit");
const TOO_MANY_BODY = JSON.stringify({
  detail: "Too many open connections from your address. Close some tabs or wait a moment, then try again.",
  code: "too_many_connections",
});
const TOO_MANY_RESPONSE =
  `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_BODY)}\r\n` +
  `Retry-After: ${RETRY_AFTER_SECONDS}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${TOO_MANY_BODY}`;

/**
 * Counts open connections per client address on `server`. Returns `refuse(req, res)`, true when it
 * answered the request (503: its connection is over the cap), and `refuseUpgrade(req, socket)`, the
 * same for a WebSocket upgrade.
 */
export function limitConnectionsPerClient(server) {
  const max = process.env.VP_TRUST_PROXY === "1" ? 0 : nonNegativeInteger("VP_MAX_CONNECTIONS_PER_CLIENT", DEFAULT_MAX_CONNECTIONS_PER_CLIENT);
  if (max === 0) return { refuse: () => false, refuseUpgrade: () => false };
  const open = new Map();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    // Marked, not closed at once: the client gets an answer it can read (503 with Retry-After) to
    // its first request, instead of a reset that looks like a network fault and is retried at once.
    if (count > max) socket[OVER_LIMIT] = true;
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return {
    refuse(req, res) {
      if (!req.socket[OVER_LIMIT]) return false;
      res.writeHead(503, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(TOO_MANY_BODY),
        "Retry-After": String(RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
        Connection: "close",
      });
      res.end(req.method === "HEAD" ? undefined : TOO_MANY_BODY);
      return true;
    },
    refuseUpgrade(req, socket) {
      if (!socket[OVER_LIMIT]) return false;
      socket.end(TOO_MANY_RESPONSE);
      return true;
    },
  };
}

/**
 * The one place the app server relies on how Next's custom-server wrapper treats WebSocket upgrades.
 *
 * On the first request it handles, Next adds an 'upgrade' listener (for `next dev`'s hot reload and
 * rewrites to WebSocket backends) to the `httpServer` it was given, or, without one, to the server
 * the request came on, where it would end every party command socket the app server takes. Given a
 * server of its own that never listens, Next puts its listener there, and the app server hands it
 * the upgrades that are not command sockets (the dev server's hot reload). `httpServer` is a public
 * option of `next()`; tests/unit/next-upgrades.test.ts fails when a Next version stops honouring it.
 */
import http from "node:http";
import next from "next";

/**
 * `next(options)` with Next's upgrades kept apart: `forwardUpgrade` passes an upgrade to Next's own
 * listener and returns false when Next has none (it has handled no request yet).
 */
export function nextWithOwnUpgrades(options) {
  const upgrades = http.createServer();
  const app = next({ ...options, httpServer: upgrades });
  return {
    app,
    upgrades,
    forwardUpgrade(req, socket, head) {
      if (upgrades.listenerCount("upgrade") === 0) return false;
      upgrades.emit("upgrade", req, socket, head);
      return true;
    },
  };
}

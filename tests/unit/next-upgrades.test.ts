/**
 * The app server keeps Next's own WebSocket upgrade listener off the server that takes the party
 * command sockets (scripts/lib/next-upgrades.mjs): Next would end every socket it does not handle
 * itself. This fails when a Next version stops putting its listener on the `httpServer` it is given.
 */
import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { nextWithOwnUpgrades } from "@/scripts/lib/next-upgrades.mjs";

describe("Next's upgrade listener", () => {
  it("goes on the server Next was given, not on the server a request came on", async () => {
    const { app, upgrades, forwardUpgrade } = nextWithOwnUpgrades({ dev: false, dir: path.resolve(__dirname, "../..") });
    const ours = http.createServer();
    const socket = { server: ours };
    expect(forwardUpgrade({} as IncomingMessage, socket as never, Buffer.alloc(0))).toBe(false);
    // Not prepared: the handler sets up Next's upgrade listener, then fails for want of a server.
    await expect(app.getRequestHandler()({ socket, url: "/", headers: {} } as unknown as IncomingMessage, {} as ServerResponse)).rejects.toThrow(/prepare/);
    expect(ours.listenerCount("upgrade")).toBe(0);
    expect(upgrades.listenerCount("upgrade")).toBe(1);
  });
});

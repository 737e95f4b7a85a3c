/**
 * A TCP proxy a test puts in front of PostgreSQL or Redis (the app is pointed at the proxy's port) to
 * make that dependency fail the way it does in production, without root: `cut()` drops every
 * connection and refuses new ones (a server that went down), `blackhole()` keeps accepting and
 * keeps connections open but forwards nothing either way (a network that swallows packets), and
 * `restore()` goes back to forwarding. A blackhole stops reading rather than dropping bytes, as TCP
 * retransmits across a real one: after it, both ends get what was sent, late, in order.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

export type ProxyMode = "forward" | "cut" | "blackhole";

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  cut(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "forward";
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  /** Wired pairs, paused in a blackhole; connections accepted in one wait there unwired. */
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const waiting = new Set<Socket>();

  const wire = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(upstream);
    const pair = { client, upstream };
    pairs.add(pair);
    client.on("close", () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const onConnection = (client: Socket) => {
    track(client);
    if (mode === "blackhole") {
      // Accepted, never answered (until restored): what the client writes waits unread.
      client.pause();
      waiting.add(client);
      client.on("close", () => waiting.delete(client));
      return;
    }
    wire(client);
  };

  let server = createServer(onConnection);
  const port = await listen(server, 0);

  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      mode = "cut";
      const closed = closeServer();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    blackhole() {
      mode = "blackhole";
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (mode === "cut") {
        server = createServer(onConnection);
        await listen(server, port);
      }
      const wasBlackhole = mode === "blackhole";
      mode = "forward";
      if (wasBlackhole) {
        for (const { client, upstream } of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
        for (const client of waiting) {
          waiting.delete(client);
          wire(client);
        }
      }
    },
    async close() {
      mode = "cut";
      for (const socket of sockets) socket.destroy();
      if (server.listening) await closeServer();
    },
  };
}

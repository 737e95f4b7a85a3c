/** See next-upgrades.mjs. */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type next from "next";

type NextOptions = Parameters<typeof next>[0];

export declare function nextWithOwnUpgrades(options: Omit<NextOptions, "httpServer">): {
  app: ReturnType<typeof next>;
  upgrades: Server;
  forwardUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
};

import "server-only";
/**
 * The ICE servers for one user's peer connections. TURN credentials follow the time-limited
 * shared-secret scheme coturn implements with `use-auth-secret` (and other TURN servers as "TURN REST
 * API" credentials): the username is "<unix expiry>:<user id>" and the password the base64 HMAC-SHA1 of
 * it under the secret both sides hold. The TURN server checks the HMAC and the expiry itself, so
 * nothing is stored here and a leaked credential stops working on its own.
 */
import { createHmac } from "node:crypto";
import { iceServersSchema, type IceServer, type IceServers } from "@/lib/schemas/voice";

export interface IceConfig {
  stunUrls: readonly string[];
  turnUrls: readonly string[];
  turnSecret: string | undefined;
  ttlSeconds: number;
}

/** coturn's credential for `username`: base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret: string, username: string): string {
  return createHmac("sha1", secret).update(username).digest("base64");
}

/** `now` in milliseconds (injected, so the scheme is tested at a fixed time). */
export function mintIceServers(config: IceConfig, userId: string, now: number): IceServers {
  const iceServers: IceServer[] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: [...config.stunUrls] });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const username = `${Math.floor(now / 1000) + config.ttlSeconds}:${userId}`;
    iceServers.push({ urls: [...config.turnUrls], username, credential: turnCredential(config.turnSecret, username) });
  }
  return iceServersSchema.parse({ iceServers, ttlSeconds: config.ttlSeconds });
}

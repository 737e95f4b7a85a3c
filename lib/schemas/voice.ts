/**
 * What GET /api/v1/voice/ice-servers answers: the STUN and TURN servers a client's peer connections
 * use (RTCConfiguration.iceServers, as is), and how long the TURN credentials in them stay valid.
 */
import { z } from "zod";

export const iceServerSchema = z.object({
  urls: z.array(z.string().max(512)).min(1),
  /** TURN only: "<unix expiry>:<user id>" (coturn's use-auth-secret scheme). */
  username: z.string().max(256).optional(),
  /** TURN only: base64(HMAC-SHA1(secret, username)); the secret itself never leaves the server. */
  credential: z.string().max(256).optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const iceServersSchema = z.object({
  iceServers: z.array(iceServerSchema).max(2),
  /** Seconds the TURN credentials are valid from now (a client fetches new ones before they end). */
  ttlSeconds: z.number().int().positive(),
});
export type IceServers = z.infer<typeof iceServersSchema>;

/**
 * The command socket's wire contract: a WebSocket on the same path as `POST
 * /api/v1/parties/{id}/commands` that carries the same commands and answers without an HTTP request
 * each. One definition for the server that offers it and the clients (extension background, watch
 * room) that use it.
 *
 * The exchange: after the socket opens the client's first text frame is `{"type":"auth","token":…}`
 * (the bearer the POST would carry). The server answers `{"type":"ready"}`, or closes with one of
 * COMMAND_SOCKET_CLOSE's 44xx codes and the reason as its close reason. After `ready` the client sends
 * `{"n", "command"}` frames (`n` from 1, increasing, unique per socket; `command` exactly the POST's
 * body) and the server answers each with `{"n", "status", "body"}`: the status and JSON body the POST
 * would have answered (`null` for no body), in order. A refusal's body is the API's error body,
 * `{ "detail", "code" }`, its code one of lib/schemas/error-code.ts: clients branch on the code.
 *
 * Imports inside lib/sync stay relative (see protocol.ts).
 */
import { z } from "zod";

/** Close codes with which the server refuses or ends a command socket. */
export const COMMAND_SOCKET_CLOSE = {
  /** A frame the server could not read (not JSON, no `n`, auth not first). */
  malformed: 4400,
  /** Token missing, invalid or expired. */
  unauthorized: 4401,
  /** Not a member of the party, or not allowed. */
  forbidden: 4403,
  /** No such party. */
  notFound: 4404,
  /** Too many sockets for this caller, or too many commands waiting on one: try again later. */
  tooMany: 4429,
  /** A service the server depends on (database, Redis) is down: try again shortly. */
  unavailable: 4503,
  /** The server is shutting down. */
  goingAway: 1001,
  /** A frame over COMMAND_SOCKET_MAX_FRAME_BYTES (WebSocket's own "message too big"). */
  tooLarge: 1009,
} as const;

/** The close code for a refusal the POST would have answered with `status`: 4400 for any other 4xx/5xx. */
export function commandSocketCloseFor(status: number): number {
  switch (status) {
    case 401:
      return COMMAND_SOCKET_CLOSE.unauthorized;
    case 403:
      return COMMAND_SOCKET_CLOSE.forbidden;
    case 404:
      return COMMAND_SOCKET_CLOSE.notFound;
    case 429:
      return COMMAND_SOCKET_CLOSE.tooMany;
    case 503:
      return COMMAND_SOCKET_CLOSE.unavailable;
    default:
      return COMMAND_SOCKET_CLOSE.malformed;
  }
}

/** Largest frame the server reads, in UTF-8 bytes: the POST's own body limit. */
export const COMMAND_SOCKET_MAX_FRAME_BYTES = 256 * 1024;

/** Client → server, first frame. */
export interface CommandSocketAuthFrame {
  type: "auth";
  token: string;
}

/** Client → server, after `ready`: one command. */
export interface CommandSocketCommandFrame {
  n: number;
  command: unknown;
}

const readyFrameSchema = z.object({ type: z.literal("ready") });
const answerFrameSchema = z.object({
  n: z.number().int().min(1),
  status: z.number().int().min(100).max(599),
  body: z.unknown().transform((body) => body ?? null),
});

/** Server → client: `ready` once, then one answer per command. */
export const commandSocketServerFrameSchema = z.union([readyFrameSchema, answerFrameSchema]);
export type CommandSocketServerFrame = z.infer<typeof commandSocketServerFrameSchema>;

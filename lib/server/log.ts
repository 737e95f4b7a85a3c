import "server-only";
/**
 * The app's logger (JSON lines on stdout; see log-core.mjs for what is redacted and masked), shared
 * by every route bundle and the app's own server, and what a request's log lines carry.
 */
import type { Logger } from "pino";
import { processLogger } from "./log-core.mjs";

/** The process's logger. Check `log.isLevelEnabled("debug")` before building fields on a hot path. */
export const log: Logger = processLogger();

/** Who and what a line about a request names: never a token or an e-mail address, only ids. */
export interface RequestLogContext {
  /** The request's X-Request-Id (set by scripts/server.mjs on every request). */
  reqId?: string | null;
  /** `METHOD /path` (path without its query). */
  route?: string;
  partyId?: string;
  userId?: string;
}

/** The header scripts/server.mjs stamps on every request (a client's own value only when it is sane). */
export const REQUEST_ID_HEADER = "x-request-id";

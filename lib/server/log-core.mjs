/**
 * The app's logger: JSON lines on stdout (pino), one per process. Plain JavaScript so that the app's
 * own HTTP server (scripts/server.mjs, not compiled) and the compiled app (lib/server/log.ts) share it:
 * whichever asks first makes it, on globalThis under Symbol.for("viewparty.log"), the key
 * lib/server/process-singleton.ts would give it.
 *
 * Nothing secret reaches a line: every field whose name says it holds a secret (authorization, cookie,
 * password, token, secret, api key; at any depth, whatever its spelling: `accessToken`,
 * `x-api-secret`) is replaced by "[Redacted]", and every string (the message, nested fields, an
 * error's message and stack) has its e-mail addresses, `Bearer …` credentials and `token=…`-style
 * pairs masked. This is one walk over what is logged, done only for lines at an enabled level; pino's
 * own `redact` takes fixed paths, which cannot name "any field called like a token at any depth".
 */
import { randomUUID } from "node:crypto";
import pino from "pino";

export const REDACTED = "[Redacted]";
export const EMAIL_MASK = "[email]";
const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const SECRET_KEY = /authorization|cookie|passw(or)?d|token|secret|api[-_]?key|credential|signature/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const SECRET_PAIR = /([\w.-]*(?:token|secret|passw(?:or)?d|api[-_]?key|signature)[\w.-]*=)[^&;\s"',]+/gi;
const MAX_DEPTH = 6;

/** A string with its e-mail addresses and credentials masked. */
export function maskString(text) {
  if (text.length < 6) return text;
  return text.replace(EMAIL, EMAIL_MASK).replace(BEARER, `$1 ${REDACTED}`).replace(SECRET_PAIR, `$1${REDACTED}`);
}

/** A copy of `value` fit to log: secret fields redacted, strings masked, errors serialized. */
export function scrub(value, depth = 0, seen = new WeakSet()) {
  if (typeof value === "string") return maskString(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[Object]";
  seen.add(value);
  if (value instanceof Error) return scrub(pino.stdSerializers.errWithCause(value), depth, seen);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
  if (value instanceof Date) return value.toISOString();
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name} ${value.byteLength} bytes]`;
  const out = {};
  for (const key of Object.keys(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(value[key], depth + 1, seen);
  }
  return out;
}

/** VP_LOG_LEVEL, or info. An unknown level is refused loudly rather than logging nothing. */
export function logLevelFrom(value) {
  const level = (value ?? "").trim().toLowerCase() || "info";
  if (!LEVELS.has(level)) throw new Error(`VP_LOG_LEVEL must be one of ${[...LEVELS].join(", ")} (got "${value}")`);
  return level;
}

/** A new logger writing to `destination` (stdout by default); tests pass a stream to read. */
export function createLogger({ level = logLevelFrom(process.env.VP_LOG_LEVEL), destination } = {}) {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => scrub(bindings),
      log: (object) => scrub(object),
    },
    hooks: {
      // The message (and printf arguments) are not part of the object the formatter sees; an Error
      // logged alone gives its message as the line's message, masked here too.
      logMethod(args, method) {
        const [first] = args;
        if (args.length === 1 && first !== null && typeof first === "object") {
          const error = first instanceof Error ? first : first.err instanceof Error ? first.err : null;
          if (error && first.msg === undefined) return method.call(this, first, maskString(String(error.message)));
        }
        return method.apply(this, args.map((arg) => (typeof arg === "string" ? maskString(arg) : arg)));
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const KEY = Symbol.for("viewparty.log");

/** The process's logger, made on first use. */
export function processLogger() {
  return (globalThis[KEY] ??= createLogger());
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the caller's X-Request-Id when it is a plain token (≤ 64 of [A-Za-z0-9._-]), else a new one. */
export function requestIdFor(incoming) {
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A request's path as logged: without its query (which may carry a token, a code or an address) and
 * with the secret of Better Auth's links in the path (`/reset-password/<token>`) left out.
 */
export function loggedPath(url) {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return maskString(path.replace(/(\/reset-password\/)[^/]+/, `$1${REDACTED}`));
}

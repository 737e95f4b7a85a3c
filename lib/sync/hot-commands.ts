/**
 * The commands a live party receives most (the host's play, pause, seek, rate and buffered-horizon
 * reports, and every member's clock pings) checked by hand, before the protocol's zod schemas: a
 * schema walk of the command union cost a host's command more server CPU than the rest of its
 * handling. Same rules as the schemas (lib/sync/protocol.ts): the field names, bounds and kinds are
 * theirs. This check only ever says "yes, and here is the value zod would give" or "ask zod": any
 * input it is not sure of (another command, a field out of bounds, a missing field, an object that
 * is not a plain JSON object, a field present but undefined) goes to the schemas, which name what is
 * wrong. tests/unit/sync-hot-commands.test.ts compares the two on generated inputs.
 *
 * Imports stay relative (the extension bundles lib/sync).
 */
import { MAX_POSITION, MAX_RATE, MIN_RATE, PROTOCOL_VERSION, type ClientCommandOf } from "./protocol";

export type HotCommand = ClientCommandOf<"ping" | "play" | "pause" | "seek" | "rate" | "horizon">;

/** Unknown input as a record, or null when it is not a plain object (arrays, class instances, null). */
function plainObject(input: unknown): Record<string, unknown> | null {
  if (typeof input !== "object" || input === null) return null;
  const proto = Object.getPrototypeOf(input) as unknown;
  return proto === Object.prototype || proto === null ? (input as Record<string, unknown>) : null;
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isPosition = (value: unknown): value is number => isNumber(value) && value >= 0 && value <= MAX_POSITION;
const isTime = (value: unknown): value is number => isNumber(value) && value >= 0;
const isCid = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Marks "not sure: ask the schemas". */
const UNSURE = Symbol("unsure");

/**
 * An optional field: absent → skipped; present and valid → copied; anything else → UNSURE. `out` gets
 * the field only when the input has it (zod's output has exactly the known keys the input has).
 */
function optional(input: Record<string, unknown>, out: Record<string, unknown>, key: string, valid: (value: unknown) => boolean): boolean {
  const value = input[key];
  if (value === undefined) return !(key in input);
  if (!valid(value)) return false;
  out[key] = value;
  return true;
}

function stamp(input: Record<string, unknown>, out: Record<string, unknown>, positionRequired: boolean): boolean {
  if (positionRequired) {
    if (!isPosition(input.position)) return false;
    out.position = input.position;
  } else if (!optional(input, out, "position", isPosition)) return false;
  return optional(input, out, "at", isTime) && optional(input, out, "cid", isCid) && optional(input, out, "horizon", isPosition);
}

function hot(input: Record<string, unknown>): HotCommand | typeof UNSURE {
  const type = input.type;
  const out: Record<string, unknown> = { v: PROTOCOL_VERSION, type };
  switch (type) {
    case "ping":
      if (!isNumber(input.t0)) return UNSURE;
      out.t0 = input.t0;
      break;
    case "play":
      if (!stamp(input, out, false)) return UNSURE;
      break;
    case "seek":
      if (!stamp(input, out, true)) return UNSURE;
      break;
    case "pause":
      if (!stamp(input, out, false) || !optional(input, out, "stall", (value) => value === true) || !optional(input, out, "seeking", (value) => value === true)) {
        return UNSURE;
      }
      break;
    case "rate":
      if (!stamp(input, out, false)) return UNSURE;
      if (!isNumber(input.rate) || input.rate < MIN_RATE || input.rate > MAX_RATE) return UNSURE;
      out.rate = input.rate;
      break;
    case "horizon":
      if (input.horizon !== null && !isPosition(input.horizon)) return UNSURE;
      out.horizon = input.horizon;
      if (!optional(input, out, "at", isTime) || !optional(input, out, "cid", isCid)) return UNSURE;
      break;
    default:
      return UNSURE;
  }
  return out as HotCommand;
}

/**
 * The command as the protocol's schema would parse it, when `input` is a well-formed ping, play,
 * pause, seek, rate or horizon command; undefined otherwise (then parse it with the schemas).
 */
export function parseHotCommand(input: unknown): HotCommand | undefined {
  const object = plainObject(input);
  if (object === null || object.v !== PROTOCOL_VERSION) return undefined;
  const command = hot(object);
  return command === UNSURE ? undefined : command;
}

/**
 * Usernames for accounts created by a provider sign-in: derived from the provider's name
 * ("Alice Example" → "alice_example"), valid under the sign-up rules, never reserved, and unique
 * (a numeric suffix, then a random one, when the name is taken).
 */
import { randomBytes } from "node:crypto";
import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";

/** Room left for a "_12" or "_a1b2c3" suffix. */
const BASE_MAX = USERNAME_MAX_LENGTH - 7;

export function usernameBase(...sources: (string | null | undefined)[]): string {
  for (const source of sources) {
    const cleaned = (source ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/@.*$/, "") // an e-mail address contributes its local part
      .replace(/[^a-z0-9_.]+/g, "_")
      .replace(/[_.]{2,}/g, "_")
      .replace(/^[_.]+|[_.]+$/g, "")
      .slice(0, BASE_MAX)
      .replace(/[_.]+$/, "");
    if (cleaned.length >= USERNAME_MIN_LENGTH && USERNAME_PATTERN.test(cleaned)) return cleaned;
    if (cleaned.length > 0) return `${cleaned}_user`.slice(0, BASE_MAX);
  }
  return "user";
}

/** Candidates in the order they are tried. */
export function* usernameCandidates(base: string): Generator<string> {
  if (!isReservedUsername(base)) yield base;
  for (let n = 2; n <= 20; n++) yield `${base}_${n}`;
  for (;;) yield `${base}_${randomBytes(3).toString("hex")}`;
}

/** The first free candidate; `isTaken` looks the (lower-case) name up. */
export async function pickFreeUsername(base: string, isTaken: (name: string) => Promise<boolean>): Promise<string> {
  let tries = 0;
  for (const candidate of usernameCandidates(base)) {
    if (!(await isTaken(candidate))) return candidate;
    if (++tries > 60) break;
  }
  throw new Error("Could not find a free username");
}

/**
 * Text that may be stored or shown: no control characters (tab and line breaks are allowed) and no
 * unpaired surrogates. PostgreSQL cannot store U+0000 in a text column (the insert fails), an unpaired
 * UTF-16 surrogate is silently replaced with U+FFFD on the way to the database (so what is read back
 * differs from what was sent), and other control characters only garble what other people see.
 * Part of the engine (chat, titles and names in its protocol use it); lib/schemas shares it from here.
 */
import { z } from "zod";

/** C0 controls other than tab, line feed and carriage return; DEL; the C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** With the `u` flag a correctly paired surrogate is one code point, so only unpaired halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters such as U+0000 (NUL).";
export const LONE_SURROGATE_MESSAGE = "must be valid Unicode text (it contains an unpaired surrogate character).";

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * A string safe to store and show: no control characters (tab and line breaks are allowed) and no
 * unpaired surrogates. `label` starts the error message, e.g. "Bio must not contain control…".
 * Chain the usual `.trim().min().max()` after it.
 */
export function safeText(label = "Text", params?: { error?: string }) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacter(value), `${label} ${CONTROL_CHARACTER_MESSAGE}`)
    .refine((value) => !hasLoneSurrogate(value), `${label} ${LONE_SURROGATE_MESSAGE}`);
}


/**
 * Building blocks every input schema shares: text that may be stored or shown, timestamps that may
 * be stored, and ids taken from a URL path. Shared by the route handlers, the site's forms and the
 * extension.
 *
 * Why text is checked at all: PostgreSQL cannot store U+0000 in a text column (the insert fails), an
 * unpaired UTF-16 surrogate is silently replaced with U+FFFD on the way to the database (so what is
 * read back differs from what was sent), and other control characters are never part of a title, a
 * name or a bio — they only garble what other people see.
 */
import { z } from "zod";

// Text safety lives with the sync engine (it validates chat and titles in every runtime) and is shared from there.
export { CONTROL_CHARACTER_MESSAGE, LONE_SURROGATE_MESSAGE, hasControlCharacter, hasLoneSurrogate, safeText } from "../sync/safe-text";
import { safeText } from "../sync/safe-text";

/**
 * Timestamps are stored in PostgreSQL and read back through JavaScript dates. Outside these years
 * they go wrong: year 0000 does not exist in PostgreSQL (the insert fails) and two-digit years come
 * back as 19xx/20xx. No watch party is planned before 1970 or after 2200.
 */
export const DATE_TIME_MIN_YEAR = 1970;
export const DATE_TIME_MAX_YEAR = 2200;
const MIN_INSTANT = Date.UTC(DATE_TIME_MIN_YEAR, 0, 1);
const MAX_INSTANT = Date.UTC(DATE_TIME_MAX_YEAR + 1, 0, 1);
export const DATE_TIME_RANGE_MESSAGE = `Date and time must be between ${DATE_TIME_MIN_YEAR} and ${DATE_TIME_MAX_YEAR}.`;

/** Whether an ISO instant lies within the storable years above. */
export function withinDateTimeBounds(value: string): boolean {
  const instant = Date.parse(value);
  return Number.isFinite(instant) && instant >= MIN_INSTANT && instant < MAX_INSTANT;
}

/** An ISO 8601 timestamp with `Z` or an offset (so the instant is unambiguous), within the bounds above. */
export function boundedDateTime(params: { error: string }) {
  return z.iso.datetime({ offset: true, error: params.error }).refine(withinDateTimeBounds, DATE_TIME_RANGE_MESSAGE);
}

/** Longest id accepted in a URL path: every id this server issues is far shorter. */
export const PATH_ID_MAX_LENGTH = 64;

/** One path segment naming a resource (an id, an invite code, a username). */
export function pathId(label = "ID", max = PATH_ID_MAX_LENGTH) {
  return safeText(label).min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
}

/** Route parameters of /…/{id}/… routes. */
export const idParamSchema = z.object({ id: pathId() });

/** Route parameters of /users/{username}/… routes (usernames, or ids of users without one). */
export const usernameParamSchema = z.object({ username: pathId("Username", 100) });

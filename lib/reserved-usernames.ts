/**
 * Usernames that would collide with a site route (`/{username}` is the public profile) or that
 * impersonate the service. Shared by sign-up validation on the server and hints in the browser.
 */
import { ROUTE_SEGMENTS } from "@/lib/routes";

/** Path names kept free although no route uses them now: aliases, likely future pages, framework paths. */
const RESERVED_PATH_NAMES = [
  "faq", "blog", "party", "join",
  "_next", "static", "public", "assets", "favicon.ico", "manifest.json",
  "og", "login", "logout", "signin", "signup", "sign-in", "sign-up", "register", "settings", "account",
  "dashboard", "search", "explore", "help", "support", "terms", "privacy", "legal", "docs", "status",
];

/** Names that impersonate the service or read as a placeholder. */
const IMPERSONATING_NAMES = [
  "admin", "administrator", "root", "system", "moderator", "mod", "staff", "viewparty", "host", "guest",
  "null", "undefined", "me",
];

export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([...ROUTE_SEGMENTS, ...RESERVED_PATH_NAMES, ...IMPERSONATING_NAMES]);

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

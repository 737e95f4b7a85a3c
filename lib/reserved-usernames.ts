/**
 * Usernames that would collide with a site route (`/{username}` is the public profile) or that
 * impersonate the service. Shared by sign-up validation on the server and hints in the browser.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // the site's routes and our own
  "about", "faqs", "faq", "blogs", "blog", "parties", "party", "scheduled-parties", "playlists", "add-video", "add",
  "playlist", "playlist-landing", "getting-started", "streaming-guide", "privacy-policy", "terms-of-service",
  "contact", "extension-auth", "auth", "kick-auth-callback", "profile", "get-extension", "join", "watch", "recordings",
  "api", "_next", "static", "public", "assets", "sitemap.xml", "robots.txt", "favicon.ico", "manifest.json",
  "og", "login", "logout", "signin", "signup", "sign-in", "sign-up", "register", "settings", "account",
  "dashboard", "search", "explore", "help", "support", "terms", "privacy", "legal", "docs", "status",
  // names that impersonate the service
  "admin", "administrator", "root", "system", "moderator", "mod", "staff", "viewparty", "host", "guest",
  "null", "undefined", "me",
]);

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

import "server-only";
/**
 * The one place that reads process.env on the server. Everything is validated once; a bad value
 * stops the app with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { HOST_AWAY_GRACE_MS, SSE_HEARTBEAT_MS } from "@/lib/constants";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A comma-separated list of ICE server URLs of one kind (empty or unset: none). */
function iceUrls(scheme: RegExp, schemes: string) {
  return z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((url) => url.trim()).filter((url) => url !== ""))
    .pipe(z.array(z.string().max(512).regex(scheme, `each URL must start with ${schemes}`)).max(16));
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** PostgreSQL connection string; unset → embedded PGlite in VP_DATA_DIR/pglite. */
  DATABASE_URL: optionalText,
  /** Redis URL; set → the realtime bus spans app instances. */
  REDIS_URL: optionalText,
  /** Folder for the embedded database and the generated auth secret. */
  VP_DATA_DIR: z.string().default(".data"),
  BETTER_AUTH_SECRET: optionalText,
  /** Public base URL of this server (Better Auth checks request origins against it). */
  BETTER_AUTH_URL: optionalUrl,
  /** Extra comma-separated origins allowed to call the auth endpoints (e.g. the extension). */
  VP_TRUSTED_ORIGINS: optionalText,
  /** Store pages of the browser extension, per browser; each set one replaces that browser's manual install steps on /get-extension. */
  VP_CHROME_STORE_URL: optionalUrl,
  VP_EDGE_STORE_URL: optionalUrl,
  VP_FIREFOX_STORE_URL: optionalUrl,
  /** Folder of the extension builds /get-extension offers (relative: from the app's folder); unset → extension/.output. */
  VP_EXTENSION_OUT_DIR: optionalText,
  /** Seed demo content into an empty database at start (npm start sets it). */
  VP_SEED_DEMO: z.enum(["0", "1"]).default("0"),
  /** Live parties: how long the host's stream may be gone before the party shows AWAITING_RECONNECT. */
  VP_HOST_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** How long a SIGTERM's drain may take (scripts/server.mjs reads it too): then what is left is cut. */
  VP_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * Voice: how long a member in voice may have no open stream (a reload, a reconnect) before they
   * leave voice and their seat goes to whoever waits.
   */
  VP_VOICE_GONE_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /**
   * Voice (WebRTC) NAT traversal, handed to clients by GET /api/v1/voice/ice-servers. Comma-separated
   * stun:/turn:/turns: URLs; unset → none, so nothing outside is contacted (on one machine or a LAN,
   * host candidates suffice). TURN credentials are minted per user from VP_TURN_SECRET, coturn's
   * `use-auth-secret` scheme, valid for VP_TURN_TTL_SECONDS.
   */
  VP_STUN_URLS: iceUrls(/^stuns?:/, "stun: or stuns:"),
  VP_TURN_URLS: iceUrls(/^turns?:/, "turn: or turns:"),
  VP_TURN_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters (coturn's static-auth-secret)").optional()),
  VP_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(43_200),
  /** Live parties: how long the host may be away before the public list shows the party as host away (HOST_AWAY). */
  VP_HOST_AWAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(HOST_AWAY_GRACE_MS),
  /** Live parties: how long a party may have no host before it is ENDED. */
  VP_PARTY_END_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  /**
   * The watch room's players: the YouTube IFrame API script and the TikTok embed player's base URL
   * (the video id is appended). Read at request time, so tests point one build at local stand-ins.
   */
  VP_YOUTUBE_IFRAME_API_URL: z.url({ protocol: /^https?$/ }).default("https://www.youtube.com/iframe_api"),
  VP_TIKTOK_PLAYER_URL: z.url({ protocol: /^https?$/ }).default("https://www.tiktok.com/player/v1/"),
  /** Interval of SSE comment heartbeats that keep proxies from closing idle streams. */
  VP_SSE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(120_000).default(SSE_HEARTBEAT_MS),
  /**
   * A party stream's client this far behind (bytes queued for it) is cut off and its connection
   * closed; it resumes with Last-Event-ID. Lower it to shed slow clients sooner.
   */
  VP_SSE_MAX_QUEUED_BYTES: z.coerce.number().int().min(64 * 1024).max(256 * 1024 * 1024).default(4 * 1024 * 1024),
  /**
   * 1 → GET /api/v1/diagnostics/realtime reports what the realtime bus holds (for tests and operators
   * checking memory). Off by default: the endpoint then does not exist.
   */
  VP_DIAGNOSTICS: z.enum(["0", "1"]).default("0"),
  /**
   * Set → GET /api/v1/metrics serves Prometheus metrics to `Authorization: Bearer <this token>` (and
   * the process records them); unset → that endpoint does not exist and nothing is recorded.
   */
  VP_METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters (a random token)").optional()),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits). */
  VP_TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  /**
   * The Next.js build folder, read for the CSP hashes of prerendered pages. scripts/server.mjs sets it
   * to the app's own `.next`, so the server may be started from any working directory.
   */
  VP_NEXT_DIST_DIR: z.string().default(".next"),
  /**
   * Recordings: the most one recording may hold (bytes of its stored timeline entries). The entry that
   * would pass it stops the recording; the room says why and everything until then is kept.
   */
  VP_RECORDING_MAX_BYTES: z.coerce.number().int().min(64 * 1024).max(1024 * 1024 * 1024).default(32 * 1024 * 1024),
  /**
   * Recordings: the most one recording may grow in a minute (counted from its start). Past it, drawings
   * and chat are left out until the minute ends (playback, media and polls still go in), and the room says so.
   */
  VP_RECORDING_MAX_BYTES_PER_MINUTE: z.coerce.number().int().min(64 * 1024).max(256 * 1024 * 1024).default(1024 * 1024),
  /** Recordings: the most one page of GET /recordings/{id}/timeline holds (bytes of entries; at least one stored chunk). */
  VP_RECORDING_PAGE_BYTES: z.coerce.number().int().min(128 * 1024).max(64 * 1024 * 1024).default(1024 * 1024),
  /** Recordings: timeline pages one instance reads at once; a read past it is answered 503 with Retry-After. */
  VP_RECORDING_READS_MAX: z.coerce.number().int().min(1).max(256).default(4),
  /** Key prefix for Redis channels, so tests and several deployments can share one Redis. */
  VP_REDIS_PREFIX: z.string().default("vp"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  TWITCH_CLIENT_ID: optionalText,
  TWITCH_CLIENT_SECRET: optionalText,
  KICK_CLIENT_ID: optionalText,
  KICK_CLIENT_SECRET: optionalText,
  /**
   * Sign-in endpoint overrides. Unset → the providers' real endpoints. Set → the provider
   * is driven through these (an OpenID issuer to discover from, and/or explicit endpoints), e.g. a
   * local OpenID Connect server for tests or a proxy. Provider ids stay google, twitch, kick.
   */
  GOOGLE_ISSUER: optionalUrl,
  GOOGLE_AUTHORIZATION_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  TWITCH_ISSUER: optionalUrl,
  TWITCH_AUTHORIZATION_URL: optionalUrl,
  TWITCH_TOKEN_URL: optionalUrl,
  TWITCH_USERINFO_URL: optionalUrl,
  KICK_ISSUER: optionalUrl,
  KICK_AUTHORIZATION_URL: optionalUrl,
  KICK_TOKEN_URL: optionalUrl,
  KICK_USERINFO_URL: optionalUrl,
  /** Twitch Helix API base (profile Twitch info, server side only); unset → https://api.twitch.tv/helix. */
  TWITCH_API_BASE_URL: optionalUrl,
  /** Twitch OAuth base for the app access token (client credentials); unset → https://id.twitch.tv/oauth2. */
  TWITCH_AUTH_BASE_URL: optionalUrl,
  /** Follow TikTok short links' redirects (vm.tiktok.com/…) to store the full video link; 0 keeps them as links (offline). */
  VP_RESOLVE_SHORT_LINKS: z.enum(["0", "1"]).default("1"),
  /**
   * Twitch chat (IRC over WebSocket) for the playlists' "!add" bot. Tests point it at a local
   * stand-in (ws://127.0.0.1:port); the scheme decides TLS.
   */
  VP_TWITCH_CHAT_URL: z.url({ protocol: /^wss?$/, error: "must be a ws:// or wss:// URL" }).default("wss://irc-ws.chat.twitch.tv:443"),
  /**
   * Read by the chat library itself (@twurple): when set, its one Twitch API call (the token check
   * at connect, GET /oauth2/validate) goes to http://localhost:<port>/auth/validate instead of
   * id.twitch.tv. Only tests set it, with the chat stand-in's port; validated here so a typo stops the app.
   */
  TWURPLE_MOCK_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * How often each instance reconciles the chat bots with the database (start bots that should run
   * and hold no lock elsewhere, stop bots disconnected or deleted on another instance, renew locks).
   */
  VP_TWITCH_BOT_SWEEP_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** How long one instance's claim on a playlist's bot lasts without renewal (Redis lock expiry). */
  VP_TWITCH_BOT_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** How long Twitch info (user + live state) is cached per channel. */
  VP_TWITCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
}).refine((env) => env.VP_TURN_URLS.length === 0 || env.VP_TURN_SECRET !== undefined, {
  path: ["VP_TURN_SECRET"],
  message: "is required when VP_TURN_URLS is set (TURN credentials are minted from it)",
});

export type ServerEnv = z.infer<typeof schema> & { dataDir: string; nextDistDir: string; baseUrl: string; authSecret: string };

let cached: ServerEnv | undefined;

export function getEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment configuration: ${issues}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.VP_DATA_DIR);
  cached = {
    ...env,
    dataDir,
    nextDistDir: path.resolve(env.VP_NEXT_DIST_DIR),
    baseUrl: (env.BETTER_AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
  };
  return cached;
}

/** A generated secret is persisted so sessions survive restarts of a self-hosted instance. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Test hook: forget the parsed env so a test can change process.env. */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * Every number and fixed text value from the product spec lives here.
 * Import these; never retype a spec constant.
 */

export const PRODUCT_NAME = "ViewParty";
/** Slug used in window-message sources and URLs (`viewparty-auth`, `mode=viewparty`). */
export const PRODUCT_SLUG = "viewparty";

export const TOAST_DURATION_MS = 4000;
export const KICK_POPUP_WIDTH = 500;
export const KICK_POPUP_HEIGHT = 600;

export const LIVE_PARTY_LIST_LIMIT = 100;
export const LIVE_PARTY_POLL_INTERVAL_MS = 5000;
/**
 * A live party whose host has had no stream open for this long is listed as "host away" and left out
 * of the live count (a reload or a network blip is shorter; before this it shows "Reconnecting...").
 * The server's VP_HOST_AWAY_MS overrides it (tests shorten it).
 */
export const HOST_AWAY_GRACE_MS = 60_000;
/**
 * A party stream's heartbeat (an SSE comment) when nothing else is sent, and how long a client waits
 * without a single byte before it calls the stream dead and reconnects with Last-Event-ID. A network
 * that silently drops (no FIN, no RST: a Wi-Fi hand-over, a NAT that forgot the flow) gives no other
 * sign: the watchdog is the bound on noticing it. Two and a half heartbeats: one heartbeat lost or
 * late does not trip it; a silent drop is noticed and shown ("Reconnecting...") within 25 s.
 * The server's VP_SSE_HEARTBEAT_MS overrides the heartbeat (keep it well under the watchdog).
 * Measured on a real blackout (network namespaces, nft DROP): tests/netfault/.
 */
export const SSE_HEARTBEAT_MS = 10_000;
export const STREAM_WATCHDOG_MS = 25_000;

export const EXTENSION_JOIN_WAIT_MS = 6000;
export const EXTENSION_AUTH_WAIT_MS = 5000;
export const EXTENSION_AUTH_AUTOCLOSE_MS = 2000;
export const EXTENSION_CHECK_CLOSE_MS = 300;
export const PLACEHOLDER_DELAY_MS = 800;
export const COPY_CONFIRMATION_MS = 1200;

export const BIO_MAX_LENGTH = 300;
export const DEFAULT_ACCENT_COLOR = "#66fcf1";
export const DEFAULT_PROFILE_TEXT_COLOR = "#cfd8dc";
/** The second reading of the profile text colour, set as a page style variable. */
export const PROFILE_TEXT_COLOR_PAGE_VAR = "#23272b";
export const DEFAULT_TWITCH_COMMAND_PREFIX = "!add";
export const TWITCH_EMBED_HEIGHT_PX = 300;

export const BLOG_ARTICLE_MAX_WIDTH_PX = 900;
export const BLOG_PUBLICATION_DATE = "2025-08-23";
export const BLOG_READ_TIME_MIN = 4;
export const BLOG_READ_TIME_MAX = 12;
export const BLOG_POST_COUNT = 12;
export const BLOG_CATEGORIES = ["Community", "How-To", "Streamers", "Legal", "Recommendations", "Guides"] as const;

export const MINIMUM_AGE = 13;
export const ACCOUNT_DELETION_DAYS = 30;
export const LOG_RETENTION_MONTHS = 12;
export const PRIVACY_REQUEST_RESPONSE_DAYS = 30;
export const SUPPORT_REPLY_HOURS = 48;

export const FAQ_MIN_BANDWIDTH_MBPS = 5;
export const FAQ_RECOMMENDED_MAX_PARTICIPANTS = 50;
export const FAQ_RECOMMENDED_RAM_GB = 8;
export const SETUP_MINUTES = 5;

/** Chat message limit: the sync engine's (its protocol validates every message). */
export { CHAT_MAX as CHAT_MESSAGE_MAX_LENGTH } from "./sync/limits";

/**
 * A scheduled party may not start in the past; this much slack lets a host schedule "now" from a form
 * filled in a few minutes ago (or a clock a little behind) without being refused.
 */
export const SCHEDULE_PAST_GRACE_MS = 5 * 60_000;

/** Platforms a scheduled party may name. */
export const SCHEDULED_PARTY_PLATFORMS = ["Netflix", "Disney+", "HBO Max", "Amazon Prime", "YouTube", "Other"] as const;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  jwt: "jwt",
  accentColor: "vp_accent_color",
  profileTextColor: "vp_profile_text_color",
  profilePicSource: "vp_profile_pic_source",
  /** A viewer's own sync offset (ms) in the watch room, for this device. */
  viewerOffsetMs: "vp_viewer_offset_ms",
  /** Whether the video's volume lowers while someone speaks in voice ("1"/"0"; on when absent). */
  voiceAutoDuck: "vp_voice_auto_duck",
} as const;
export const DEFAULT_PROFILE_PIC_SOURCE = "default";

/** Window-message sources. */
export const WINDOW_MESSAGE_SOURCE_SITE = `${PRODUCT_SLUG}-auth`;
export const WINDOW_MESSAGE_SOURCE_EXTENSION = `${PRODUCT_SLUG}-extension`;

/** Social networks on a profile, in display order. */
export const SOCIAL_NETWORKS = ["twitch", "youtube", "twitter", "facebook", "instagram", "tiktok", "discord"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Fixed API texts. */
export const API_HTML_ERROR =
  "API returned HTML instead of JSON. Check if the backend is running, the endpoint is correct, and you are authenticated.";
export const API_DEFAULT_ERROR = "API error";

/**
 * Sign-in rate limits. Per (client address, account): one address guessing one account's password
 * (by username or e-mail, counted together). Per address: a higher ceiling over all accounts, so
 * one address cannot try many accounts quickly, while people sharing an address (an office or a
 * carrier NAT) are not all locked out because one account was hammered.
 */
export const SIGN_IN_RATE_LIMIT = { windowSeconds: 60, max: 10 } as const;
export const SIGN_IN_ADDRESS_RATE_LIMIT = { windowSeconds: 60, max: 100 } as const;
/** Sign-ups per client address. */
export const SIGN_UP_ADDRESS_RATE_LIMIT = { windowSeconds: 60, max: 100 } as const;

/** Display names show in every public list: kept short. */
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const PROFILE_IMAGE_URL_MAX_LENGTH = 2048;

/** What phones are told wherever the extension is offered: it needs a desktop browser, the watch rooms do not. */
export const PHONE_EXTENSION_MESSAGE = "The extension is for desktop browsers — YouTube and TikTok parties play right here in the browser.";

/**
 * Configuration that is safe to show in the browser. Values come from NEXT_PUBLIC_* variables, which
 * Next inlines at build time; anything secret lives in lib/server/env.ts instead.
 */
export const publicConfig = {
  /** Store page of the browser extension; when unset the site points at its own install page. */
  extensionStoreUrl: process.env.NEXT_PUBLIC_VP_EXTENSION_STORE_URL || "/get-extension",
  supportEmail: process.env.NEXT_PUBLIC_VP_SUPPORT_EMAIL || "support@viewparty.app",
  /** Public site URL used for canonical links, sitemap and structured data. */
  siteUrl: (process.env.NEXT_PUBLIC_VP_SITE_URL || "http://localhost:3000").replace(/\/+$/, ""),
  /** The project's news feed and community chat; unset (the default) hides them, no handle is assumed. */
  socialMicroblogUrl: process.env.NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL || null,
  socialChatUrl: process.env.NEXT_PUBLIC_VP_SOCIAL_CHAT_URL || null,
  /** Where YouTube thumbnails load from; unset (the default) lists show local platform icons instead. */
  youtubeThumbnailBaseUrl: process.env.NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL || null,
} as const;

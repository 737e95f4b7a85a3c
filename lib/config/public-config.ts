/**
 * Configuration that is safe to show in the browser: the one place that reads NEXT_PUBLIC_*
 * variables, validated once like the server's (lib/server/env.ts); a bad value stops the build or
 * the server with a message naming the variable. Anything secret lives in lib/server/env.ts instead:
 * this module is bundled into client code, so it reads NEXT_PUBLIC_* names only.
 *
 * Next inlines each `process.env.NEXT_PUBLIC_…` at build time only where it is written out in full,
 * so the raw values are read one by one below, never as `process.env` as a whole. The static pages
 * that use them are prerendered by `next build`, which is where a bad value is reported.
 */
import { z } from "zod";

/** Unset and empty are the same: the default applies. */
const unsetIfEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const webUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });
const optionalWebUrl = z.preprocess(unsetIfEmpty, webUrl.optional()).transform((v) => v ?? null);

const schema = z.object({
  /** Public site URL used for canonical links, sitemap and structured data. */
  NEXT_PUBLIC_VP_SITE_URL: z
    .preprocess(unsetIfEmpty, webUrl.default("http://localhost:3000"))
    .transform((url) => url.replace(/\/+$/, "")),
  /** Store page of the browser extension; unset, the site points at its own install page. */
  NEXT_PUBLIC_VP_EXTENSION_STORE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .union([webUrl, z.string().regex(/^\/(?!\/)/, "must be an http(s) URL or a path on this site (/…)")])
      .default("/get-extension"),
  ),
  NEXT_PUBLIC_VP_SUPPORT_EMAIL: z.preprocess(unsetIfEmpty, z.email().default("support@viewparty.app")),
  /** The project's news feed and community chat; unset (the default) hides them, no handle is assumed. */
  NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL: optionalWebUrl,
  NEXT_PUBLIC_VP_SOCIAL_CHAT_URL: optionalWebUrl,
  /** Where YouTube thumbnails load from; unset (the default) lists show local platform icons instead. */
  NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL: optionalWebUrl,
});

export type PublicEnvInput = { [K in keyof z.input<typeof schema>]?: string | undefined };

export interface PublicConfig {
  siteUrl: string;
  extensionStoreUrl: string;
  supportEmail: string;
  socialMicroblogUrl: string | null;
  socialChatUrl: string | null;
  youtubeThumbnailBaseUrl: string | null;
}

/** Validates the public variables; throws naming every bad one. */
export function parsePublicEnv(raw: PublicEnvInput): PublicConfig {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid public environment configuration: ${issues}`);
  }
  const env = parsed.data;
  return {
    siteUrl: env.NEXT_PUBLIC_VP_SITE_URL,
    extensionStoreUrl: env.NEXT_PUBLIC_VP_EXTENSION_STORE_URL,
    supportEmail: env.NEXT_PUBLIC_VP_SUPPORT_EMAIL,
    socialMicroblogUrl: env.NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL,
    socialChatUrl: env.NEXT_PUBLIC_VP_SOCIAL_CHAT_URL,
    youtubeThumbnailBaseUrl: env.NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL,
  };
}

export const publicConfig: PublicConfig = parsePublicEnv({
  NEXT_PUBLIC_VP_SITE_URL: process.env.NEXT_PUBLIC_VP_SITE_URL,
  NEXT_PUBLIC_VP_EXTENSION_STORE_URL: process.env.NEXT_PUBLIC_VP_EXTENSION_STORE_URL,
  NEXT_PUBLIC_VP_SUPPORT_EMAIL: process.env.NEXT_PUBLIC_VP_SUPPORT_EMAIL,
  NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL: process.env.NEXT_PUBLIC_VP_SOCIAL_MICROBLOG_URL,
  NEXT_PUBLIC_VP_SOCIAL_CHAT_URL: process.env.NEXT_PUBLIC_VP_SOCIAL_CHAT_URL,
  NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL: process.env.NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL,
});

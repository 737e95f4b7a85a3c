/** One place that turns a page's title, description and path into full Next metadata. */
import type { Metadata } from "next";
import { PRODUCT_NAME } from "@/lib/constants";
import { absoluteUrl, DEFAULT_OG_IMAGE } from "./site-url";

export interface PageMetadataInput {
  /** The complete document title (the root layout's template adds nothing). */
  title: string;
  description: string;
  /** Site-relative path of the page, e.g. "/faqs". */
  path: string;
  /** Social card image; defaults to the site's Open Graph image. */
  image?: { path: string; width: number; height: number; alt: string };
  /** Open Graph type: "article" for blog posts. */
  type?: "website" | "article";
  publishedTime?: string;
}

export function pageMetadata({
  title,
  description,
  path,
  image = DEFAULT_OG_IMAGE,
  type = "website",
  publishedTime,
}: PageMetadataInput): Metadata {
  const url = absoluteUrl(path);
  const images = [{ url: absoluteUrl(image.path), width: image.width, height: image.height, alt: image.alt }];
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph:
      type === "article"
        ? { type, url, title, description, siteName: PRODUCT_NAME, images, publishedTime }
        : { type, url, title, description, siteName: PRODUCT_NAME, images },
    twitter: { card: "summary_large_image", title, description, images: images.map((i) => i.url) },
  };
}

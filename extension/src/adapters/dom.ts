/** DOM helpers shared by the adapters. */

/** Every `<video>` in the document, including inside open shadow roots (custom player elements). */
export function allVideos(root: Document | ShadowRoot | Element): HTMLVideoElement[] {
  const out: HTMLVideoElement[] = [...root.querySelectorAll("video")];
  for (const element of root.querySelectorAll("*")) {
    if (element.shadowRoot) out.push(...allVideos(element.shadowRoot));
  }
  return out;
}

/**
 * The element is in the page and not hidden: no `hidden` attribute or `display: none` on it or an
 * ancestor, not `visibility: hidden`. (Sites keep their ad UI in the page and hide it between ads.)
 */
export function isShown(element: Element | null): boolean {
  if (!element?.isConnected) return false;
  const view = element.ownerDocument.defaultView;
  if (view?.getComputedStyle(element).visibility === "hidden") return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute("hidden") || view?.getComputedStyle(node).display === "none") return false;
  }
  return true;
}

/** Visible area in CSS pixels (0 when hidden or off screen). */
export function visibleArea(video: HTMLVideoElement): number {
  const rect = video.getBoundingClientRect();
  const view = video.ownerDocument.defaultView;
  const width = Math.max(0, Math.min(rect.right, view?.innerWidth ?? rect.right) - Math.max(rect.left, 0));
  const height = Math.max(0, Math.min(rect.bottom, view?.innerHeight ?? rect.bottom) - Math.max(rect.top, 0));
  const style = view?.getComputedStyle(video);
  if (style && (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0)) return 0;
  return width * height;
}

function hasMedia(video: HTMLVideoElement): boolean {
  return Boolean(video.currentSrc || video.src || video.querySelector("source[src]") || video.readyState > 0);
}

/**
 * The main video among candidates: one with media, then the largest visible, then the first. Layout-
 * less documents (no sizes at all) fall back to the first with media.
 */
export function pickMainVideo(candidates: HTMLVideoElement[]): HTMLVideoElement | null {
  const withMedia = candidates.filter(hasMedia);
  const pool = withMedia.length > 0 ? withMedia : candidates;
  let best: HTMLVideoElement | null = null;
  let bestArea = -1;
  for (const video of pool) {
    const area = visibleArea(video);
    if (area > bestArea) {
      best = video;
      bestArea = area;
    }
  }
  return best;
}

/** The element's visible words, with a space between elements (textContent runs "<h4>A</h4><span>B</span>" together). */
export function text(doc: Document, selector: string): string | null {
  const element = doc.querySelector(selector);
  if (!element) return null;
  const parts: string[] = [];
  const walker = doc.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue ?? "");
  const value = parts.join(" ").replace(/\s+/g, " ").trim();
  return value ? value : null;
}

export function metaContent(doc: Document, property: string): string | null {
  const value = doc.querySelector(`meta[property="${property}"], meta[name="${property}"]`)?.getAttribute("content")?.trim();
  return value ? value : null;
}

/** `hostname` is `domain` or one of its subdomains. */
export function onDomain(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** The document title without a trailing " - Site" / " | Site". */
export function cleanTitle(title: string, site: string): string {
  return title.replace(new RegExp(`\\s*[-|–]\\s*${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "i"), "").trim();
}

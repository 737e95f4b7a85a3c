/**
 * Which browser a request comes from, read from its User-Agent (the install page is rendered per
 * request, so it can open on the right browser's steps without shipping any script). A guess, never
 * a gate: every browser's steps stay on the page.
 */
export type BrowserId = "chrome" | "edge" | "firefox" | "safari" | "other";

export interface DetectedBrowser {
  browser: BrowserId;
  /** A phone or tablet: extensions for the desktop browsers do not run there. */
  mobile: boolean;
}

export function detectBrowser(userAgent: string | null | undefined): DetectedBrowser {
  const ua = userAgent ?? "";
  const mobile = /Android|iPhone|iPad|iPod|Mobile/i.test(ua);
  let browser: BrowserId = "other";
  if (/Edg(e|A|iOS)?\//.test(ua)) browser = "edge";
  else if (/Firefox\/|FxiOS\//.test(ua)) browser = "firefox";
  else if (/OPR\/|Opera/.test(ua)) browser = "other";
  else if (/Chrome\/|Chromium\/|CriOS\//.test(ua)) browser = "chrome";
  else if (/Safari\//.test(ua)) browser = "safari";
  return { browser, mobile };
}

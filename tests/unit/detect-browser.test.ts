/** The install page's browser guess from real User-Agent strings (desktop and phones). */
import { detectBrowser } from "@/app/get-extension/_lib/detect-browser";

const UA = {
  chromeWin: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWin: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  operaWin: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  iphoneSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  iphoneChrome: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
};

test.each([
  ["chromeWin", "chrome", false],
  ["edgeWin", "edge", false],
  ["firefoxLinux", "firefox", false],
  ["safariMac", "safari", false],
  ["operaWin", "other", false],
  ["iphoneSafari", "safari", true],
  ["androidChrome", "chrome", true],
  ["iphoneChrome", "chrome", true],
] as const)("%s → %s (mobile %s)", (key, browser, mobile) => {
  expect(detectBrowser(UA[key])).toEqual({ browser, mobile });
});

test("no User-Agent → an unknown desktop browser", () => {
  expect(detectBrowser(null)).toEqual({ browser: "other", mobile: false });
  expect(detectBrowser("")).toEqual({ browser: "other", mobile: false });
});

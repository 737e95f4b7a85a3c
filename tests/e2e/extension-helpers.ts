/**
 * Support for the extension's end-to-end specs: a test clip made with ffmpeg, a tiny static server on
 * 127.0.0.1 (HTTP Range, so `<video>` seeks), the extension built for the e2e site, and Chromium
 * instances with it loaded (persistent contexts, as extensions need).
 */
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../playwright.config";

export const ROOT = path.resolve(__dirname, "../..");
export const WORK_DIR = path.join(ROOT, "test-results", "extension-e2e");
export const SITE_URL = `http://localhost:${Number(process.env.E2E_PORT || 3199)}`;
export const EXTENSION_ID = "fogijhnlehcimhopikgffmojgfjiooji";
const FIXTURES = path.join(ROOT, "tests", "fixtures", "sites");

/** A 60 s 320×240 test pattern with a keyframe every half second (precise seeks), made once. */
export function ensureClip(): string {
  const clip = path.join(WORK_DIR, "clip.mp4");
  if (existsSync(clip)) return clip;
  mkdirSync(WORK_DIR, { recursive: true });
  const tmp = `${clip}.${process.pid}.mp4`;
  const result = spawnSync(
    "ffmpeg",
    ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=60:size=320x240:rate=30", "-pix_fmt", "yuv420p", "-g", "15", "-movflags", "+faststart", tmp],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("ffmpeg could not make the test clip (apt-get install -y ffmpeg)");
  if (!existsSync(clip)) spawnSync("mv", [tmp, clip]);
  else rmSync(tmp, { force: true });
  return clip;
}

/** Builds the Chrome extension pointed at the e2e site, once per run (a lock keeps workers apart). */
export function ensureExtensionBuild(): string {
  const out = path.join(WORK_DIR, "ext");
  const dir = path.join(out, "chrome-mv3");
  const stamp = path.join(out, "built-for");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === SITE_URL && existsSync(path.join(dir, "manifest.json"))) return dir;
  mkdirSync(WORK_DIR, { recursive: true });
  const lock = path.join(WORK_DIR, "ext.lock");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      spawnSync("sleep", ["0.5"]);
      if (existsSync(stamp) && readFileSync(stamp, "utf8") === SITE_URL) return dir;
    }
  }
  try {
    const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "wxt"), ["build", "extension", "-b", "chrome"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, VP_EXTENSION_SERVER_URL: SITE_URL, VP_EXTENSION_OUT_DIR: out },
    });
    if (result.status !== 0) throw new Error("wxt build failed");
    writeFileSync(stamp, SITE_URL);
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const WATCH_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>E2E Clip</title>
<style>body{margin:0;background:#111;color:#eee;font:14px sans-serif} video{display:block;width:640px;height:360px;background:#000}</style></head>
<body><h1>E2E Clip</h1><video id="v" src="/clip.mp4" muted playsinline preload="auto"></video>
<p><input id="page-input" aria-label="Page input"></p></body></html>`;

/** Posts forged site↔extension messages to its parent (a page of another origin). */
const FORGE_PAGE = `<!doctype html><html><body><script>
const q = new URLSearchParams(location.search);
const kind = q.get("kind");
// Framed by a test page, or (the site's CSP frames only known players) opened as a window by it.
const target = parent !== window ? parent : opener;
const send = () => {
  if (kind === "join") target.postMessage({ source: "viewparty-auth", type: "JOIN_PARTY", requestId: "forged1", partyId: q.get("party") || "x" }, "*");
  if (kind === "auth") target.postMessage({ source: "viewparty-auth", type: "AUTH_TOKEN", requestId: "forged2", token: "forged-token", userId: "u", username: "evil", displayName: "Evil", user: null, checkOnly: false }, "*");
  if (kind === "ack") target.postMessage({ source: "viewparty-extension", type: "AUTH_TOKEN_RESPONSE", data: { success: true } }, "*");
};
send(); setInterval(send, 250);
</script></body></html>`;

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** 127.0.0.1 static server: /watch.html, /clip.mp4 (Range), /forge.html, /sites/{fixture}.html. */
export async function startStaticServer(): Promise<StaticServer> {
  const clip = ensureClip();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const html = (body: string) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(body);
    };
    if (url.pathname === "/watch.html" || url.pathname === "/watch2.html") {
      const title = (url.searchParams.get("title") ?? (url.pathname === "/watch2.html" ? "Second Clip" : "E2E Clip")).replace(/[<>&"]/g, "");
      return html(WATCH_PAGE.replace("E2E Clip</title>", `${title}</title>`));
    }
    if (url.pathname === "/forge.html") return html(FORGE_PAGE);
    const fixture = /^\/sites\/([a-z0-9-]+)\.html$/.exec(url.pathname)?.[1];
    if (fixture && existsSync(path.join(FIXTURES, `${fixture}.html`))) return html(readFileSync(path.join(FIXTURES, `${fixture}.html`), "utf8"));
    if (url.pathname === "/clip.mp4") {
      const size = statSync(clip).size;
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
      if (range) {
        const start = range[1] ? Number(range[1]) : size - Number(range[2]);
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        res.writeHead(206, { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": end - start + 1 });
        createReadStream(clip, { start, end }).pipe(res);
      } else {
        res.writeHead(200, { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Length": size });
        createReadStream(clip).pipe(res);
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
}

/** A Chromium instance with the unpacked extension loaded (STACK.md recipe); `extraArgs` go on Chromium's command line. */
export async function launchWithExtension(extensionDir: string, extraArgs: string[] = []): Promise<ExtensionBrowser> {
  const context = await chromium.launchPersistentContext("", {
    executablePath: CHROMIUM_PATH,
    headless: true,
    baseURL: SITE_URL,
    viewport: { width: 1280, height: 800 },
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, "--autoplay-policy=no-user-gesture-required", ...extraArgs],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return { context, worker, extensionId: new URL(worker.url()).host };
}

/** The browser's id for the tab showing `url` (for the popup's `?tab=`). */
export async function tabIdOf(worker: Worker, url: string): Promise<number> {
  const id = await worker.evaluate(async (prefix) => {
    type Tabs = { query(query: object): Promise<{ id?: number; url?: string }[]> };
    const tabs = await (globalThis as unknown as { chrome: { tabs: Tabs } }).chrome.tabs.query({});
    return tabs.find((tab) => tab.url?.startsWith(prefix))?.id ?? null;
  }, url);
  if (id === null) throw new Error(`no tab shows ${url}`);
  return id;
}

export async function openPopup(browser: ExtensionBrowser, tabId?: number): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.goto(`chrome-extension://${browser.extensionId}/popup.html${tabId ? `?tab=${tabId}` : ""}`);
  return popup;
}

/** The overlay's shadow root content, by its data-vp name. */
export function overlay(page: Page, name: string) {
  return page.locator(`viewparty-overlay [data-vp="${name}"]`);
}

export interface VideoState {
  t: number;
  paused: boolean;
  rate: number;
  at: number;
}

export async function videoState(page: Page): Promise<VideoState> {
  return page.evaluate(() => {
    const v = document.querySelector("video")!;
    return { t: v.currentTime, paused: v.paused, rate: v.playbackRate, at: Date.now() };
  });
}

/** Host and guest positions at the same instant (the host's extrapolated to the guest's reading). */
export async function driftSeconds(host: Page, guest: Page): Promise<number> {
  const [h, g] = await Promise.all([videoState(host), videoState(guest)]);
  const hostAtGuest = h.paused ? h.t : h.t + ((g.at - h.at) / 1000) * h.rate;
  return g.t - hostAtGuest;
}

export async function waitForVideoReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 3);
}

export async function signUpAccount(page: Page, prefix = "ext") {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}_${suffix}`.slice(0, 30);
  const res = await page.request.post(`${SITE_URL}/api/auth/sign-up/email`, {
    data: { email: `${username}@example.test`, password: "correct-horse-battery-staple", name: username, username },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return username;
}

/** Answers youtube.com inside `context`: youtu.be redirects, watch pages with the fixture, /clip.mp4 with the clip (Range), anything else 404. */
export async function serveYoutubeFixture(context: BrowserContext): Promise<void> {
  const page = readFileSync(path.join(ROOT, "tests", "fixtures", "sites", "youtube.html"), "utf8");
  const clip = ensureClip();
  const size = statSync(clip).size;
  const bytes = readFileSync(clip);
  await context.route(/^https?:\/\/(([a-z]+\.)?youtube\.com|youtu\.be)\//, async (route) => {
    const url = new URL(route.request().url());
    // Short links redirect to the watch page, as YouTube's do.
    if (url.hostname === "youtu.be") return route.fulfill({ status: 301, headers: { Location: `https://www.youtube.com/watch?v=${url.pathname.slice(1)}` } });
    if (url.pathname === "/watch") return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: page });
    if (url.pathname === "/clip.mp4") {
      const range = /^bytes=(\d*)-(\d*)$/.exec(route.request().headers()["range"] ?? "");
      if (!range) return route.fulfill({ status: 200, headers: { "Content-Type": "video/mp4", "Accept-Ranges": "bytes" }, body: bytes });
      const start = range[1] ? Number(range[1]) : size - Number(range[2]);
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      return route.fulfill({
        status: 206,
        headers: { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Range": `bytes ${start}-${end}/${size}` },
        body: bytes.subarray(start, end + 1),
      });
    }
    return route.fulfill({ status: 404, body: "not found" });
  });
}

/** Continues as a guest (no account) in the popup; returns the popup. */
export async function continueAsGuest(b: ExtensionBrowser, name: string): Promise<Page> {
  const popup = await openPopup(b);
  await popup.getByLabel("Guest username").fill(name);
  await popup.getByRole("button", { name: "Continue as guest" }).click();
  await expect(popup.locator('[data-vp="session"]')).toContainText(`${name} (guest)`);
  return popup;
}

/**
 * An extension host on youtube.com (`serveYoutubeFixture` answers it in `b`'s context): as a guest
 * account named `name`, opens `videoUrl`, starts a party from the popup, and waits for the overlay to
 * say it hosts. Returns the video tab and the party's invite code.
 */
export async function hostOnYoutube(b: ExtensionBrowser, name: string, videoUrl: string): Promise<{ hostPage: Page; inviteCode: string }> {
  const popup = await continueAsGuest(b, name);
  const hostPage = await b.context.newPage();
  await hostPage.goto(videoUrl);
  await waitForVideoReady(hostPage);
  const startPopup = await openPopup(b, await tabIdOf(b.worker, videoUrl));
  await expect(startPopup.locator('[data-vp="start"]')).toContainText("Big Buck Trailer");
  await startPopup.getByRole("button", { name: "Start a party" }).click();
  const inviteCode = (await startPopup.locator('[data-vp="invite-code"]').textContent({ timeout: 15_000 }))?.trim() ?? "";
  await startPopup.close();
  await popup.close();
  await hostPage.bringToFront();
  await expect(overlay(hostPage, "sync-status")).toContainText("You are the host", { timeout: 15_000 });
  return { hostPage, inviteCode };
}

/**
 * A youtube.com tab the extension opened itself. Playwright attaches to tabs the browser makes a moment
 * late, so on a loaded machine such a tab's first request can miss context.route and fail offline
 * (chrome-error://chromewebdata/). The browser still keeps the URL the extension opened as the tab's
 * own: load that URL again, this time through the route.
 */
export async function throughRoute(b: ExtensionBrowser, page: Page): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
  if (!page.url().startsWith("chrome-error:")) return;
  const opened = await b.worker.evaluate(async () => {
    type Tabs = { query(query: object): Promise<{ url?: string; pendingUrl?: string }[]> };
    const tabs = await (globalThis as unknown as { chrome: { tabs: Tabs } }).chrome.tabs.query({});
    return tabs.map((tab) => tab.pendingUrl || tab.url || "").find((url) => /^https:\/\/([a-z]+\.)?youtube\.com\//.test(url)) ?? null;
  });
  if (opened) await page.goto(opened);
}

/**
 * The extension's browsers of one spec file, each on the saved youtube.com page: the extension is
 * built once before the file's tests (beforeAll) and every browser launched here is closed after
 * them (afterAll). Call it at the top level of the spec.
 */
export function extensionBrowsersOnYoutube(): { launch(extraArgs?: string[]): Promise<ExtensionBrowser> } {
  let extensionDir = "";
  const open: ExtensionBrowser[] = [];
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    extensionDir = ensureExtensionBuild();
  });
  test.afterAll(async () => {
    for (const b of open.splice(0)) await b.context.close().catch(() => undefined);
  });
  return {
    async launch(extraArgs = []) {
      const b = await launchWithExtension(extensionDir, extraArgs);
      open.push(b);
      await serveYoutubeFixture(b.context);
      return b;
    },
  };
}

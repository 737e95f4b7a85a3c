/**
 * `npm start` as a newcomer runs it (scripts/start.mjs) on a tree with no extension build: it builds
 * the app if needed and the browser extension for this server, migrates a fresh embedded database,
 * seeds demo content, serves the home page on PORT, and /get-extension offers downloads that are the
 * real extension. Started again on the same tree, it builds nothing.
 *
 * The extension goes to a folder of this test's own (VP_EXTENSION_OUT_DIR), empty at the start, so
 * the test never depends on, or replaces, the working tree's extension/.output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { freePort, makeDataDir, waitForExit } from "./helpers/app";

// A fresh tree may build the app (1–2 min) and the extension (two WXT builds) before serving.
jest.setTimeout(330_000);

const ROOT = path.resolve(__dirname, "../..");
const READY_WITHIN_MS = 300_000;

function start(env: Record<string, string | undefined>): { proc: ChildProcess; output: () => string } {
  let out = "";
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    // The extension is built for the address this start serves: no public URL or extension URL of the caller's.
    env: { ...process.env, DATABASE_URL: "", BETTER_AUTH_URL: undefined, VP_EXTENSION_SERVER_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  return { proc, output: () => out };
}

async function homePage(base: string, proc: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
    const res = await fetch(base).catch(() => null);
    if (res?.ok) return res.text();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not serve within ${READY_WITHIN_MS / 1000} s:\n${output()}`);
}

async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  proc.kill("SIGTERM");
  await waitForExit(proc).catch(() => proc.kill("SIGKILL"));
}

/** The download behind a link of /get-extension, unzipped: its files by path. */
async function download(base: string, href: string): Promise<{ res: Response; files: Record<string, Uint8Array> }> {
  const res = await fetch(new URL(href, base));
  return { res, files: res.ok ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} };
}

const text = (data: Uint8Array | undefined) => Buffer.from(data ?? new Uint8Array()).toString("utf8");

test("npm start on a fresh tree builds the extension for this server, serves the site with demo users, and /get-extension offers the real extension; a second start builds nothing", async () => {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = makeDataDir();
  const extensionDir = mkdtempSync(path.join(tmpdir(), "vp-ext-out-"));
  expect(readdirSync(extensionDir)).toEqual([]);
  const env = { PORT: String(port), VP_DATA_DIR: dataDir, VP_EXTENSION_OUT_DIR: extensionDir, VP_SEED_DEMO: undefined };
  const first = start(env);
  let second: ChildProcess | undefined;
  try {
    const html = await homePage(base, first.proc, first.output);
    expect(html).toContain("<title>Watch Movies &amp; TV Together Online</title>");
    // The build says what it does while the newcomer waits.
    expect(first.output()).toContain(`▸ building the browser extension for ${base}`);
    expect(first.output()).toContain("▸ browser extension built in");
    // The seed runs right after start; wait for its log line, then the demo users exist.
    while (!first.output().includes("seeded")) {
      if (first.proc.exitCode !== null) throw new Error(`npm start exited:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(first.output()).toContain("[viewparty] seeded");

    // /get-extension links a download per browser, and tells the visitor to run nothing.
    const page = await (await fetch(`${base}/get-extension`)).text();
    expect(page).not.toMatch(/npm (run|ci|install)|build:extension/);
    const links = [...page.matchAll(/href="(\/get-extension\/download\/[a-z]+)"/g)].map((m) => m[1]!);
    expect(links.sort()).toEqual(["/get-extension/download/chrome", "/get-extension/download/firefox"]);

    const chrome = await download(base, "/get-extension/download/chrome");
    expect(chrome.res.headers.get("content-type")).toBe("application/zip");
    const chromeManifest = JSON.parse(text(chrome.files["viewparty-extension-chrome/manifest.json"]));
    // Chrome's build: a service worker and the key that fixes the extension's id; nothing of Firefox's.
    expect(chromeManifest).toMatchObject({ manifest_version: 3, name: "ViewParty", background: { service_worker: "background.js" } });
    expect(chromeManifest.key).toEqual(expect.any(String));
    expect(chromeManifest.browser_specific_settings).toBeUndefined();
    // Made for this server: its default server address is the one this start serves.
    expect(text(chrome.files["viewparty-extension-chrome/background.js"])).toContain(JSON.stringify(base));

    const firefox = await download(base, "/get-extension/download/firefox");
    expect(firefox.res.headers.get("content-type")).toBe("application/zip");
    const firefoxManifest = JSON.parse(text(firefox.files["viewparty-extension-firefox/manifest.json"]));
    expect(firefoxManifest).toMatchObject({
      manifest_version: 3,
      background: { scripts: ["background.js"] },
      browser_specific_settings: { gecko: { id: "extension@viewparty.app" } },
    });
    expect(text(firefox.files["viewparty-extension-firefox/background.js"])).toContain(JSON.stringify(base));

    // A second `npm start` on the same data directory is refused, naming the first process.
    const refused = start({ ...env, PORT: String(await freePort()) });
    expect(await waitForExit(refused.proc, 60_000)).toBe(1);
    expect(refused.output()).toContain("is already in use by another process (pid");

    // Stopped and started again on the same tree and address: nothing is rebuilt, downloads still work.
    await stop(first.proc);
    const again = start(env);
    second = again.proc;
    await homePage(base, again.proc, again.output);
    expect(again.output()).toContain("▸ build is up to date");
    expect(again.output()).toContain(`▸ browser extension is up to date (${base})`);
    expect(again.output()).not.toContain("building the browser extension");
    const redownload = await download(base, "/get-extension/download/chrome");
    expect(text(redownload.files["viewparty-extension-chrome/manifest.json"])).toBe(text(chrome.files["viewparty-extension-chrome/manifest.json"]));
    // Nothing of the build's staging is left beside the builds.
    expect(readdirSync(extensionDir).filter((name) => !name.startsWith(".vp-build-")).sort()).toEqual(["chrome-mv3", "firefox-mv3"]);
  } finally {
    await stop(first.proc);
    if (second) await stop(second);
    rmSync(dataDir, { recursive: true, force: true });
    if (existsSync(extensionDir)) rmSync(extensionDir, { recursive: true, force: true });
  }
});

/**
 * GET /get-extension/download/{target}: the built extension folder as a zip that unpacks to the same
 * files under a folder named like the download (the folder people choose in "Load unpacked").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { GET } from "@/app/get-extension/download/[target]/route";
import { resetEnvForTests } from "@/lib/server/env";

jest.mock("server-only", () => ({}));

let cwd: string;
let outDir = path.join("extension", ".output");
const build = (dir: string) => path.join(cwd, outDir, dir);
const FILES: Record<string, string | Buffer> = {
  "manifest.json": JSON.stringify({ manifest_version: 3, name: "ViewParty", version: "1.2.3" }),
  "background.js": "chrome.runtime.onMessage.addListener(() => {});\n".repeat(200),
  "content-scripts/player.js": "console.log('player')\n",
  "icon/128.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
  "_locales/ünïcode.txt": "",
};

beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), "vp-ext-zip-"));
  jest.spyOn(process, "cwd").mockReturnValue(cwd);
});
afterEach(() => {
  delete process.env.VP_EXTENSION_OUT_DIR;
  outDir = path.join("extension", ".output");
  resetEnvForTests();
  jest.restoreAllMocks();
  rmSync(cwd, { recursive: true, force: true });
});

function writeBuild(dir: string) {
  for (const [name, data] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(build(dir), name)), { recursive: true });
    writeFileSync(path.join(build(dir), name), data);
  }
}

const download = (target: string) => GET(new Request(`http://localhost/get-extension/download/${target}`), { params: Promise.resolve({ target }) });

test.each([
  ["chrome", "chrome-mv3", "viewparty-extension-chrome"],
  ["firefox", "firefox-mv3", "viewparty-extension-firefox"],
])("%s: a zip named %s.zip unpacking to every file of the build under its own folder", async (target, dir, top) => {
  writeBuild(dir);
  const res = await download(target);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${top}.zip"`);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = new Uint8Array(await res.arrayBuffer());
  expect(res.headers.get("content-length")).toBe(String(body.length));

  // Folders come as their own (empty) entries, as unzip tools expect; the files are what must match.
  const entries = Object.entries(unzipSync(body));
  expect(entries.filter(([name]) => name.endsWith("/")).every(([name, data]) => name.startsWith(`${top}/`) && data.length === 0)).toBe(true);
  const unpacked = Object.fromEntries(entries.filter(([name]) => !name.endsWith("/")).map(([name, data]) => [name, Buffer.from(data)]));
  const expected = Object.fromEntries(Object.entries(FILES).map(([name, data]) => [`${top}/${name}`, Buffer.from(data)]));
  expect(unpacked).toEqual(expected);
  expect(JSON.parse(unpacked[`${top}/manifest.json`]!.toString("utf8"))).toMatchObject({ manifest_version: 3 });
});

test("a rebuilt extension is served as rebuilt", async () => {
  writeBuild("chrome-mv3");
  await download("chrome");
  writeFileSync(path.join(build("chrome-mv3"), "background.js"), "// new build\n");
  const unpacked = unzipSync(new Uint8Array(await (await download("chrome")).arrayBuffer()));
  expect(Buffer.from(unpacked["viewparty-extension-chrome/background.js"]!).toString()).toBe("// new build\n");
});

test("404 saying which download this server lacks (and no command for the visitor to run), and for an unknown browser", async () => {
  const missing = await download("chrome");
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ detail: "This server has no Chrome and Edge download of the extension.", code: "not_found" });
  writeBuild("chrome-mv3");
  expect((await download("safari")).status).toBe(404);
});

test("VP_EXTENSION_OUT_DIR moves where the builds are read from (a relative one from the app's folder)", async () => {
  writeBuild("firefox-mv3");
  process.env.VP_EXTENSION_OUT_DIR = outDir = "elsewhere";
  resetEnvForTests();
  expect((await download("firefox")).status).toBe(404);
  writeBuild("firefox-mv3");
  const res = await download("firefox");
  expect(res.status).toBe(200);
  expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))).toContain("viewparty-extension-firefox/manifest.json");
});

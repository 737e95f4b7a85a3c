/**
 * lib/sync runs in the server, the website and the extension's MV3 service worker and content scripts:
 * no Node or DOM globals, time and timers injected, imports only of its own files (relative: the
 * extension's `@/` alias points elsewhere) or zod.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = join(__dirname, "../../lib/sync");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
const code = (path: string) =>
  readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');

const FORBIDDEN =
  /\b(process|window|document|navigator|globalThis|self|setTimeout|setInterval|setImmediate|requestAnimationFrame|performance|Date|console|fetch|require|Buffer|localStorage|chrome|browser)\b(?!\s*:)/;

describe("lib/sync purity", () => {
  const sources = files(root);

  it("finds the engine's sources", () => {
    expect(sources.map((f) => relative(root, f))).toEqual(expect.arrayContaining(["index.ts", "drift-controller.ts", "sync-client.ts"]));
  });

  it.each(sources.map((f) => [relative(root, f), f]))("%s uses no runtime-specific global", (_name, file) => {
    const offending = code(file)
      .split("\n")
      .filter((line) => FORBIDDEN.test(line.replace(/\.\s*\w+/g, "")));
    expect(offending).toEqual([]);
  });

  it.each(sources.map((f) => [relative(root, f), f]))("%s imports only zod and modules of lib/sync itself", (_name, file) => {
    const specifiers = [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
    // A relative import that leaves lib/sync would pull the site's code (and its dependencies) into
    // the extension's service worker and content scripts.
    const outside = specifiers.filter((s) => s !== "zod" && (!s.startsWith(".") || relative(root, resolve(dirname(file), s)).startsWith("..")));
    expect(outside).toEqual([]);
  });
});

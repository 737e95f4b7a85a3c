/**
 * db/ is the bottom layer: schema, migrations, the embedded database's lock and the code that opens a
 * database it is told to open. It imports packages and its own files only — never the server's code
 * (lib/server: env, auth, domain functions) nor anything else of the app — so the server calls down
 * into it and never the other way round, and scripts can use it without loading the server.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = join(__dirname, "../..");
const DB = join(ROOT, "db");
const SOURCE = /\.(ts|mts|mjs|js)$/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : SOURCE.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Every module specifier of a file: static and type imports, re-exports, side-effect imports, import() and require(). */
function specifiers(file: string): string[] {
  const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const patterns = [/\bfrom\s+["']([^"']+)["']/g, /\bimport\s+["']([^"']+)["']/g, /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

/** A specifier that reaches the app's own code outside db/ (the "@/" alias or a relative path leaving db/). */
function leavesDb(file: string, specifier: string): boolean {
  if (specifier.startsWith("@/")) return !specifier.startsWith("@/db/");
  if (specifier.startsWith(".")) return relative(DB, resolve(dirname(file), specifier)).startsWith("..");
  return false;
}

describe("db/ layering", () => {
  const sources = files(DB);

  it("finds the database layer's sources", () => {
    expect(sources.map((f) => relative(DB, f))).toEqual(expect.arrayContaining(["client.ts", "lock.mjs", "schema/index.ts"]));
  });

  it("recognises an import of the server's code in every form (the check itself works)", () => {
    const file = join(DB, "client.ts");
    for (const specifier of ["@/lib/server/env", "../lib/server/auth", "./../lib/server/parties/create-party"]) {
      expect(leavesDb(file, specifier)).toBe(true);
    }
    for (const specifier of ["./schema", "@/db/schema", "drizzle-orm", "node:path", "server-only"]) {
      expect(leavesDb(file, specifier)).toBe(false);
    }
  });

  it.each(sources.map((f) => [relative(DB, f), f]))("%s imports only packages and db/ itself", (_name, file) => {
    expect(specifiers(file).filter((s) => leavesDb(file, s))).toEqual([]);
  });
});

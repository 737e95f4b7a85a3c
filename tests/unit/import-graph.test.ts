/**
 * The layering the code keeps (issue 31): nothing under lib/ imports from app/ (routes are the top
 * layer; the hot path calls the functions the routes call, never the routes), and no module imports
 * itself through others (type-only imports count: a circle of types is still a circle of files).
 * Imports are read from the source text (static, re-exports and dynamic `import("…")`), resolving
 * `@/` and relative paths to files of this repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const SOURCES = ["app", "lib", "components", "instrumentation.ts", "proxy.ts"];
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"];
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function sourceFiles(entry: string, out: string[] = []): string[] {
  if (!existsSync(entry)) return out;
  if (statSync(entry).isFile()) {
    if (/\.(ts|tsx|mjs)$/.test(entry) && !/\.d\.m?ts$/.test(entry)) out.push(entry);
    return out;
  }
  for (const name of readdirSync(entry)) if (name !== "node_modules" && !name.startsWith(".")) sourceFiles(path.join(entry, name), out);
  return out;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((entry) => sourceFiles(path.join(ROOT, entry)))) {
    const deps: string[] = [];
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const resolved = resolveImport(file, (match[1] ?? match[2])!);
      if (resolved) deps.push(resolved);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!graph.has(dep)) continue;
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file)!, index.get(dep)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const graph = importGraph();

test("the graph is read (the realtime routes and the hot path are in it)", () => {
  const hotPath = graph.get(path.join(ROOT, "lib/server/hot-path/serve-hot-path.ts"));
  expect(hotPath).toContain(path.join(ROOT, "lib/server/realtime/party-stream.ts"));
  expect(graph.get(path.join(ROOT, "app/api/v1/parties/[id]/events/route.ts"))).toContain(path.join(ROOT, "lib/server/realtime/party-stream.ts"));
});

test("nothing under lib/ imports from app/", () => {
  const upward = [...graph]
    .filter(([file]) => path.relative(ROOT, file).startsWith("lib/"))
    .flatMap(([file, deps]) => deps.filter((dep) => path.relative(ROOT, dep).startsWith("app/")).map((dep) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, dep)}`));
  expect(upward).toEqual([]);
});

test("no import circles", () => {
  expect(circles(graph)).toEqual([]);
});

/**
 * The Grafana dashboard and the README's metric table name only metrics the server exports (a metric
 * renamed in code would otherwise leave an empty panel nobody notices).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resetEnvForTests } from "@/lib/server/env";
import { metrics } from "@/lib/server/metrics/metrics";

const ROOT = path.resolve(__dirname, "../..");
const savedEnv = { ...process.env };

let exported: Set<string>;

beforeAll(async () => {
  process.env = { ...savedEnv, VP_DATA_DIR: "/tmp/vp-unit-metrics", BETTER_AUTH_SECRET: "x".repeat(32), VP_METRICS_TOKEN: "unit-test-metrics-token" };
  resetEnvForTests();
  const registry = metrics()!.registry;
  const names = (await registry.getMetricsAsJSON()).map((metric) => metric.name);
  exported = new Set(names.flatMap((name) => [name, `${name}_bucket`, `${name}_count`, `${name}_sum`]));
});

afterAll(() => {
  process.env = savedEnv;
  resetEnvForTests();
});

function namesIn(text: string): string[] {
  return [...new Set(text.match(/viewparty_[a-z0-9_]+/g) ?? [])];
}

test("every metric the dashboard queries is exported", () => {
  const dashboard = readFileSync(path.join(ROOT, "deploy/grafana/viewparty-dashboard.json"), "utf8");
  const queried = namesIn(dashboard);
  expect(queried.length).toBeGreaterThan(15);
  expect(queried.filter((name) => !exported.has(name))).toEqual([]);
});

test("every metric the README's table names is exported", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Health, readiness and metrics"), readme.indexOf("## Development"));
  const named = namesIn(section).filter((name) => !name.endsWith("_"));
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((name) => !exported.has(name))).toEqual([]);
});

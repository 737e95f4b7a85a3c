/**
 * The deployment files an operator runs (compose.yaml, deploy/Caddyfile, deploy/env.example) hold
 * together: the services the README promises, apps that wait for a healthy database and Redis, a proxy
 * the apps trust and that alone is reachable from outside, health checks everywhere, no secret written
 * into the file. compose.yaml is parsed and interpolated as Compose does (YAML merge keys, `${VAR}`,
 * `${VAR:-default}`, `${VAR:?message}`), since no Compose implementation runs here.
 * scripts/image-check.sh builds and runs the image itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Service {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  env_file?: string | string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

/** Compose's interpolation: a required variable that is unset or empty stops it with its message. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (_match, name: string, op: string | undefined, arg: string) => {
    const value = env[name];
    const empty = value === undefined || (op?.startsWith(":") && value === "");
    if (op?.endsWith("?") && empty) throw new Error(`required variable ${name} is missing a value: ${arg}`);
    if (op?.endsWith("-") && empty) return arg;
    return value ?? "";
  });
}

/** KEY=value lines of an env file (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

const composeText = read("compose.yaml");
const envExample = envFile(read("deploy/env.example"));
const filled = { ...envExample, VP_DOMAIN: "watch.example.org", POSTGRES_PASSWORD: "pw1234", BETTER_AUTH_SECRET: "s".repeat(64) };
const compose = parse(interpolate(composeText, filled), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.entries(services).filter(([, s]) => s.environment?.DATABASE_URL);

describe("compose.yaml", () => {
  it("runs PostgreSQL, Redis, two app instances of one image and a proxy", () => {
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.proxy?.image).toMatch(/^caddy:/);
    expect(apps.map(([name]) => name)).toEqual(["app1", "app2"]);
    const [[, app1], [, app2]] = apps as [[string, Service], [string, Service]];
    expect(app1.image).toBe(app2.image);
    expect(app1.build?.context).toBe(".");
    // Both instances on the same database, Redis and session secret: one deployment, not two.
    expect(app2.environment).toEqual(app1.environment);
    expect(app1.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(app1.environment?.REDIS_URL).toBe("redis://redis:6379");
  });

  it("starts the apps only once the database and Redis are healthy", () => {
    for (const [, app] of apps) {
      expect(app.depends_on).toMatchObject({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    }
  });

  it("trusts the proxy's forwarded headers in the apps, and only the proxy is reachable from outside", () => {
    for (const [, app] of apps) {
      expect(app.environment?.VP_TRUST_PROXY).toBe("1");
      // A published app port would let a client reach an app directly and forge X-Forwarded-For.
      expect(app.ports).toBeUndefined();
      expect(app.environment?.BETTER_AUTH_URL).toBe("https://watch.example.org");
      expect(app.build?.args?.PUBLIC_URL).toBe("https://watch.example.org");
    }
    expect(services.proxy?.ports).toEqual(expect.arrayContaining(["80:80", "443:443"]));
    expect(Object.entries(services).filter(([, s]) => s.ports).map(([name]) => name)).toEqual(["proxy"]);
  });

  it("gives every service a health check, the apps' on /api/v1/health", () => {
    for (const [name, service] of Object.entries(services)) expect({ name, test: service.healthcheck?.test?.length }).toEqual({ name, test: expect.any(Number) });
    for (const [, app] of apps) expect(app.healthcheck?.test.join(" ")).toContain("/api/v1/health");
  });

  it("writes no secret into the file: each comes from .env and is required there", () => {
    const emptyEnv = Object.fromEntries(Object.keys(envExample).map((k) => [k, ""]));
    expect(() => interpolate(composeText, emptyEnv)).toThrow(/VP_DOMAIN|POSTGRES_PASSWORD|BETTER_AUTH_SECRET/);
    for (const required of ["VP_DOMAIN", "POSTGRES_PASSWORD", "BETTER_AUTH_SECRET"]) {
      expect(() => interpolate(composeText, { ...filled, [required]: "" })).toThrow(new RegExp(`required variable ${required}`));
    }
    const raw = parse(composeText, { merge: true }) as { services: Record<string, Service> };
    for (const [name, service] of Object.entries(raw.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN/.test(key)) expect({ name, key, value }).toEqual({ name, key, value: expect.stringMatching(/^\$\{[A-Z_]+:\?[^}]+\}$/) });
      }
    }
    expect(raw.services.app1?.environment?.DATABASE_URL).toMatch(/:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/);
  });

  it("names in deploy/env.example every variable it reads, with the secrets left for the operator to fill", () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const documented = new Set([...read("deploy/env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    for (const name of used) expect({ name, documented: documented.has(name) }).toEqual({ name, documented: true });
    expect(envExample).toMatchObject({ POSTGRES_PASSWORD: "", BETTER_AUTH_SECRET: "", VP_DOMAIN: "" });
  });
});

describe("deploy/Caddyfile", () => {
  const caddyfile = read("deploy/Caddyfile");
  const directive = (name: string) => caddyfile.match(new RegExp(`^\\s*${name}\\s+(.+)$`, "m"))?.[1]?.trim();

  it("balances over exactly the app instances compose runs, on the port they listen on", () => {
    expect(directive("reverse_proxy")).toBe("{$VP_UPSTREAMS} {");
    const upstreams = (services.proxy?.environment?.VP_UPSTREAMS ?? "").split(/\s+/);
    expect(upstreams).toEqual(apps.map(([name, app]) => `${name}:${app.environment?.PORT}`));
    expect(caddyfile).toMatch(/^\{\$VP_DOMAIN\} \{$/m);
  });

  it("routes only to ready instances, streams events unbuffered and fails over on a refused connection", () => {
    expect(directive("health_uri")).toBe("/api/v1/ready");
    expect(directive("health_status")).toBe("200");
    expect(directive("flush_interval")).toBe("-1");
    expect(directive("lb_try_duration")).toMatch(/^\d+s$/);
    // Caddy keeps a client's X-Forwarded-For only from proxies it is told to trust: none here, so the
    // first entry the apps read (VP_TRUST_PROXY=1) is the address Caddy saw.
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies\b/m);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  it("takes its base image as a build argument with the official Node image as default", () => {
    expect(dockerfile).toMatch(/^ARG BASE_IMAGE=node:20[\w.-]*$/m);
    expect(dockerfile.match(/^FROM (\S+)/gm)?.every((line) => /^FROM (\$\{BASE_IMAGE\}|deps)$/.test(line))).toBe(true);
  });

  it("ships production dependencies only, runs as a non-root user and checks its health", () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(finalStage).toMatch(/^COPY --from=prod-deps \/app\/node_modules /m);
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/api\/v1\/health/m);
    expect(finalStage).toMatch(/^COPY --from=build \/app\/extension\/\.output /m);
    expect(finalStage).toMatch(/^COPY --from=build \/app\/db \.\/db$/m);
  });
});

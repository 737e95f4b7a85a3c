/**
 * The shared error codes: every refusal the server sends carries one from lib/schemas/error-code.ts,
 * with the status that code stands for; every code there is one the server actually sends; and the
 * clients read it from the body.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ApiClientError } from "@/lib/api/client";
import { ApiRequestError, ApiClient } from "@/lib/party-client/api-client";
import { apiErrorBodySchema, ERROR_STATUS, errorCodeOf, errorCodeSchema, type ErrorCode } from "@/lib/schemas/error-code";
import { ApiError, conflict, forbidden, notFound, partyEnded, rateLimited, serverBusy, serviceUnavailable, unauthorized, unprocessable } from "@/lib/server/http/api-error";
import { toErrorAnswer } from "@/lib/server/http/error-response";

const ROOT = path.resolve(__dirname, "../..");
const CODES = errorCodeSchema.options;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The server's sources: route handlers, the server library and the sync rules it applies. */
const SERVER_SOURCES = ["app", "lib/server", "lib/sync"].flatMap(sourceFiles).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, "utf8") }));

/**
 * String literals in the places a code is given: `new ApiError("…"`, `super("…"` (an ApiError
 * subclass), `conflict("…"`, the code argument last in `forbidden(…, "…")`, `unprocessable(…, "…")`,
 * `rateLimited(…, "…")` and `errorJson(…, "…"`, and `{ detail: …, code: "…" }` written by hand.
 */
const CODE_SITES = [
  /new ApiError\(\s*"(\w+)"/g,
  /\bsuper\(\s*"(\w+)"/g,
  /\bconflict\(\s*"(\w+)"/g,
  /\b(?:forbidden|unprocessable|rateLimited)\((?:[^()]|\([^()]*\))*?,\s*"(\w+)"\s*\)/g,
  /\berrorJson\((?:[^()]|\([^()]*\))*?,\s*"(\w+)"/g,
  /\bdetail: [^\n]*?\bcode: "(\w+)"/g,
];

function codesGivenAtThrowSites(): { file: string; code: string }[] {
  const found: { file: string; code: string }[] = [];
  for (const { file, text } of SERVER_SOURCES) {
    if (file === path.join("lib", "server", "http", "api-error.ts") || !/ApiError|api-error|errorJson|ErrorCode/.test(text)) continue;
    for (const pattern of CODE_SITES) for (const match of text.matchAll(pattern)) found.push({ file, code: match[1]! });
  }
  return found;
}

describe("the enum covers every code the server sends", () => {
  test("every code given at a throw site or in an error body is in the shared enum", () => {
    const sites = codesGivenAtThrowSites();
    // The scan itself works: it finds the known sites (a broken pattern would find none and pass).
    expect(sites.length).toBeGreaterThan(40);
    expect(sites).toContainEqual({ file: path.join("lib", "server", "playlists", "add-playlist-link.ts"), code: "playlist_full" });
    expect(sites).toContainEqual({ file: path.join("lib", "server", "parties", "chat-moderation.ts"), code: "muted" });
    const unknown = sites.filter(({ code }) => !errorCodeSchema.safeParse(code).success);
    expect(unknown).toEqual([]);
  });

  test("every code in the enum is one the server sends (no code a client would wait for in vain)", () => {
    const literals = new Set(SERVER_SOURCES.flatMap(({ text }) => [...text.matchAll(/"(\w+)"/g)].map((m) => m[1])));
    const unused = CODES.filter((code) => !literals.has(code));
    expect(unused).toEqual([]);
  });

  test("the lib/sync queue refusals travel under their own codes", () => {
    const queue = readFileSync(path.join(ROOT, "lib/sync/queue.ts"), "utf8");
    const union = queue.match(/export type QueueErrorCode =([^;]+);/)?.[1] ?? "";
    const queueCodes = [...union.matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(queueCodes.length).toBeGreaterThan(5);
    for (const code of queueCodes) expect(CODES).toContain(code);
  });
});

describe("the error mapper", () => {
  test("each code is answered with its status and a { detail, code } body every client can read", () => {
    for (const code of CODES) {
      const { status, body } = toErrorAnswer(new ApiError(code, `Refused: ${code}.`));
      expect({ code, status }).toEqual({ code, status: ERROR_STATUS[code] });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(apiErrorBodySchema.parse(body)).toEqual({ detail: `Refused: ${code}.`, code });
    }
  });

  test("the helpers name what refused: a 409 always has its own code", () => {
    expect(toErrorAnswer(partyEnded()).body).toEqual({ detail: "This party has ended.", code: "party_ended" });
    expect(toErrorAnswer(conflict("playlist_full", "Full.")).status).toBe(409);
    expect(toErrorAnswer(forbidden("The host muted you.", "muted")).body).toEqual({ detail: "The host muted you.", code: "muted" });
    expect(toErrorAnswer(forbidden()).body.code).toBe("forbidden");
    expect(toErrorAnswer(unprocessable("No.")).body.code).toBe("unprocessable_entity");
    expect(toErrorAnswer(notFound()).body).toEqual({ detail: "Not found.", code: "not_found" });
    expect(toErrorAnswer(unauthorized()).status).toBe(401);
    const slow = toErrorAnswer(rateLimited(3, "Slow mode is on.", "slow_mode"));
    expect(slow).toMatchObject({ status: 429, body: { code: "slow_mode" }, headers: { "Retry-After": "3" } });
    expect(toErrorAnswer(serverBusy(2, "Busy.")).body.code).toBe("busy");
    expect(toErrorAnswer(serviceUnavailable("redis")).body.code).toBe("service_unavailable");
  });

  test("errors that are not ApiErrors still answer a code from the enum", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const invalid = z.object({ title: z.string() }).safeParse({}).error;
      const uniqueHost = Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR", constraint: "live_party_one_live_per_host" });
      const uniqueOther = Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR", constraint: "something_else" });
      const unreachable = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      const answers = [invalid, uniqueOther, unreachable, new Error("boom")].map((error) => toErrorAnswer(error));
      expect(answers.map(({ status, body }) => [status, body.code])).toEqual([
        [422, "unprocessable_entity"],
        [409, "conflict"],
        [503, "service_unavailable"],
        [500, "internal_error"],
      ]);
      for (const { body } of answers) expect(apiErrorBodySchema.safeParse(body).success).toBe(true);
      // The database's one-live-party-per-host rule answers as the check before the insert does.
      expect(toErrorAnswer(uniqueHost)).toMatchObject({ status: 409, body: { code: "already_hosting" } });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("clients read the code", () => {
  test("errorCodeOf: a known code, or null for none or one this client does not know", () => {
    expect(errorCodeOf({ detail: "This party has ended.", code: "party_ended" })).toBe("party_ended");
    expect(errorCodeOf({ detail: "x" })).toBeNull();
    expect(errorCodeOf({ detail: "x", code: "INVALID_EMAIL_OR_PASSWORD" })).toBeNull();
    expect(errorCodeOf("Not Found")).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
  });

  test("the site's ApiClientError carries the body's code", () => {
    expect(new ApiClientError("Full.", 409, { detail: "Full.", code: "playlist_full" }).code).toBe("playlist_full");
    expect(new ApiClientError("API error", 404).code).toBeNull();
  });

  test("the party client's ApiRequestError carries the code of the answer", async () => {
    const client = new ApiClient("http://vp.test", async () => Response.json({ detail: "This party has ended.", code: "party_ended" }, { status: 409 }));
    const refused = await client.joinParty("token", "p1").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 409, code: "party_ended" satisfies ErrorCode, message: "This party has ended." });
  });
});

import { z } from "zod";
import { ApiError, forbidden, rateLimited } from "@/lib/server/http/api-error";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { parseBody, parseQuery } from "@/lib/server/http/with-api";

jest.mock("@/lib/server/auth", () => ({ getAuth: jest.fn() }));

async function body(res: Response) {
  return (await res.json()) as { detail: string; code: string };
}

test("typed errors map to their status with detail and code", async () => {
  const res = toErrorResponse(forbidden("Only the host can do that."));
  expect(res.status).toBe(403);
  expect(await body(res)).toEqual({ detail: "Only the host can do that.", code: "forbidden" });
  const limited = toErrorResponse(rateLimited(12.2));
  expect(limited.status).toBe(429);
  expect(limited.headers.get("Retry-After")).toBe("13");
  expect(toErrorResponse(new ApiError("conflict", "Taken")).status).toBe(409);
});

test("validation errors are 422 with the field named in detail", async () => {
  const schema = z.object({ bio: z.string().max(3, "Bio must be at most 300 characters.") });
  const error = schema.safeParse({ bio: "toolong" }).error;
  const res = toErrorResponse(error);
  expect(res.status).toBe(422);
  expect(await body(res)).toEqual({ detail: "bio: Bio must be at most 300 characters.", code: "unprocessable_entity" });
});

test("unexpected errors become a generic 500 without internals", async () => {
  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  const res = toErrorResponse(new Error("connection string postgres://secret@db leaked"));
  spy.mockRestore();
  expect(res.status).toBe(500);
  const text = JSON.stringify(await body(res));
  expect(text).not.toMatch(/secret|stack|at Object/);
});

const JSON_HEADERS = { "Content-Type": "application/json" };

test("parseBody: malformed JSON is a 400, schema failure throws a ZodError (422)", async () => {
  const schema = z.object({ title: z.string().min(1) });
  const bad = new Request("http://x/", { method: "POST", headers: JSON_HEADERS, body: "{not json" });
  await expect(parseBody(bad, schema)).rejects.toMatchObject({ status: 400, detail: "Request body must be valid JSON." });
  const invalid = new Request("http://x/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ title: "" }) });
  await expect(parseBody(invalid, schema)).rejects.toBeInstanceOf(z.ZodError);
  const ok = new Request("http://x/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ title: "Movie night", extra: 1 }) });
  await expect(parseBody(ok, schema)).resolves.toEqual({ title: "Movie night" });
});

test("parseBody: a body sent as anything but JSON is a 415; an empty body counts as {}", async () => {
  const schema = z.object({ title: z.string().default("none") });
  for (const type of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "text/json"]) {
    const form = new Request("http://x/", { method: "POST", headers: { "Content-Type": type }, body: '{"title":"x"}' });
    await expect(parseBody(form, schema)).rejects.toMatchObject({ status: 415, code: "unsupported_media_type" });
  }
  const charset = new Request("http://x/", { method: "POST", headers: { "Content-Type": "Application/JSON; charset=utf-8" }, body: '{"title":"x"}' });
  await expect(parseBody(charset, schema)).resolves.toEqual({ title: "x" });
  const empty = new Request("http://x/", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "" });
  await expect(parseBody(empty, schema)).resolves.toEqual({ title: "none" });
});

test("parseBody: a body over 256 KB is a 413, whether or not it declares its length", async () => {
  const schema = z.unknown();
  const big = JSON.stringify({ title: "x".repeat(256 * 1024) });
  const declared = new Request("http://x/", { method: "POST", headers: JSON_HEADERS, body: big });
  await expect(parseBody(declared, schema)).rejects.toMatchObject({ status: 413, code: "payload_too_large" });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 5; i += 1) controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
      controller.close();
    },
  });
  const chunked = new Request("http://x/", { method: "POST", headers: JSON_HEADERS, body: stream, duplex: "half" } as RequestInit);
  await expect(parseBody(chunked, schema)).rejects.toMatchObject({ status: 413 });
});

test("parseQuery coerces and validates query parameters", () => {
  const schema = z.object({ limit: z.coerce.number().int().max(100) });
  expect(parseQuery(new Request("http://x/?limit=50"), schema)).toEqual({ limit: 50 });
  expect(() => parseQuery(new Request("http://x/?limit=500"), schema)).toThrow(z.ZodError);
});

/** @jest-environment jsdom */
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { API_DEFAULT_ERROR, API_HTML_ERROR } from "@/lib/constants";

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];
const calls: FetchArgs[] = [];

function respondWith(body: string | null, init: { status: number; contentType?: string }) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, reqInit?: RequestInit) => {
    calls.push([input, reqInit]);
    // jsdom has no Response: a minimal one with the members the client reads.
    return {
      status: init.status,
      ok: init.status >= 200 && init.status < 300,
      headers: new Headers(init.contentType ? { "content-type": init.contentType } : {}),
      text: async () => body ?? "",
    } as unknown as Response;
  }) as typeof fetch;
}

beforeEach(() => {
  calls.length = 0;
  window.localStorage.clear();
});

test("a 204 answer resolves to null", async () => {
  respondWith(null, { status: 204 });
  await expect(apiFetch("/api/v1/anything", { method: "DELETE" })).resolves.toBeNull();
});

test("an HTML answer is an error with the spec's message, even with status 200", async () => {
  respondWith("<!doctype html><html></html>", { status: 200, contentType: "text/html; charset=utf-8" });
  await expect(apiFetch("/api/v1/parties/active")).rejects.toThrow(API_HTML_ERROR);
});

test("a non-OK answer uses detail, then message, then 'API error'", async () => {
  respondWith(JSON.stringify({ detail: "Bio must be at most 300 characters.", message: "ignored" }), {
    status: 422,
    contentType: "application/json",
  });
  await expect(apiFetch("/api/v1/users/me")).rejects.toMatchObject({ message: "Bio must be at most 300 characters.", status: 422 });

  respondWith(JSON.stringify({ message: "User already exists." }), { status: 400, contentType: "application/json" });
  await expect(apiFetch("/x")).rejects.toThrow("User already exists.");

  respondWith(JSON.stringify({ unrelated: true }), { status: 500, contentType: "application/json" });
  const error = await apiFetch("/x").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiClientError);
  expect((error as Error).message).toBe(API_DEFAULT_ERROR);
});

test("the bearer token from storage key jwt is sent when present, and not otherwise", async () => {
  respondWith("{}", { status: 200, contentType: "application/json" });
  await apiFetch("/a");
  expect(new Headers(calls[0]?.[1]?.headers).get("Authorization")).toBeNull();

  window.localStorage.setItem("jwt", "tok123");
  await apiFetch("/b", { method: "POST", json: { x: 1 } });
  const headers = new Headers(calls[1]?.[1]?.headers);
  expect(headers.get("Authorization")).toBe("Bearer tok123");
  expect(headers.get("Content-Type")).toBe("application/json");
  expect(calls[1]?.[1]?.body).toBe('{"x":1}');
});

test("a successful JSON answer resolves to the parsed body", async () => {
  respondWith(JSON.stringify([{ id: "p1" }]), { status: 200, contentType: "application/json" });
  await expect(apiFetch("/api/v1/parties/active")).resolves.toEqual([{ id: "p1" }]);
});

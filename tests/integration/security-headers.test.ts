/**
 * Strict-Transport-Security over HTTP against the real app behind a (simulated) trusted reverse
 * proxy: sent, with upgrade-insecure-requests in the page policy, only when the proxy says the visitor
 * used https. (Pages, API and static files without a proxy: tests/e2e/security-headers.spec.ts.)
 */
import { startApp, type RunningApp } from "./helpers/app";
import { bearer, createParty, guestToken } from "./helpers/party";

jest.setTimeout(120_000);

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ env: { VP_TRUST_PROXY: "1" } });
});

afterAll(async () => {
  await app?.stop();
});

const HSTS = "max-age=31536000; includeSubDomains";

test("https at the proxy: pages and API responses carry HSTS and pages upgrade insecure requests", async () => {
  for (const path of ["/", "/faqs", "/api/v1/health"]) {
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBe(HSTS);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  }
  const page = await fetch(`${app.baseUrl}/`, { headers: { "X-Forwarded-Proto": "https" } });
  expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
});

test("plain http at the proxy: no HSTS and no upgrade of subresources", async () => {
  for (const proto of [undefined, "http"]) {
    const res = await fetch(`${app.baseUrl}/`, { headers: proto ? { "X-Forwarded-Proto": proto } : {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  }
});

test("the realtime routes the server answers itself carry the same headers: list, stream, command, refusal", async () => {
  const https = { "X-Forwarded-Proto": "https" };
  const host = await guestToken(app.baseUrl, "Header Host");
  const party = await createParty(app.baseUrl, host);
  const controller = new AbortController();
  const responses = [
    await fetch(`${app.baseUrl}/api/v1/parties/active?fields=id`, { headers: https }),
    await fetch(`${app.baseUrl}/api/v1/parties/${party.id}/events`, { headers: { ...https, ...bearer(host) }, signal: controller.signal }),
    await fetch(`${app.baseUrl}/api/v1/parties/${party.id}/commands`, {
      method: "POST",
      headers: { ...https, ...bearer(host), "Content-Type": "application/json" },
      body: JSON.stringify({ v: 1, type: "ping", t0: 1 }),
    }),
    await fetch(`${app.baseUrl}/api/v1/parties/${party.id}/commands`, { method: "POST", headers: https }),
  ];
  expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 401]);
  for (const res of responses) {
    expect(res.headers.get("strict-transport-security")).toBe(HSTS);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=(self), microphone=(self), geolocation=()");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  }
  expect(responses[1]!.headers.get("content-type")).toContain("text/event-stream");
  controller.abort();
});

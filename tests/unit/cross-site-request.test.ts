import { checkCrossSiteWrite } from "@/lib/server/http/cross-site-request";
import { normalizeOrigin } from "@/lib/server/http/site-origins";

const SITE = ["http://localhost:3000", "http://127.0.0.1:3000", "https://partner.example"].map(normalizeOrigin);

function verdict(method: string, headers: Record<string, string>) {
  return checkCrossSiteWrite(method, new Headers(headers), SITE);
}

test.each([
  ["POST", { Origin: "https://evil.example" }, "origin"],
  ["DELETE", { Origin: "http://localhost:4000", "Sec-Fetch-Site": "same-site" }, "origin"],
  ["PATCH", { Origin: "null" }, "origin"],
  ["PUT", { "Sec-Fetch-Site": "cross-site" }, "sec-fetch-site"],
  ["POST", { "Sec-Fetch-Site": "same-site" }, "sec-fetch-site"],
  // A browser adds Basic credentials by itself, so they do not vouch for the page.
  ["POST", { Origin: "https://evil.example", Authorization: "Basic dTpw" }, "origin"],
])("%s with %j is refused (%s)", (method, headers, reason) => {
  expect(verdict(method, headers)).toEqual({ allowed: false, reason });
});

test.each([
  ["POST", { Origin: "http://localhost:3000" }],
  ["POST", { Origin: "HTTP://LOCALHOST:3000/" }],
  ["POST", { Origin: "https://partner.example", "Sec-Fetch-Site": "cross-site" }],
  ["POST", { "Sec-Fetch-Site": "same-origin" }],
  ["POST", { "Sec-Fetch-Site": "none" }],
  ["POST", {}],
  ["POST", { Origin: "https://evil.example", Authorization: "Bearer abc.def" }],
  ["GET", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
  ["HEAD", { Origin: "https://evil.example" }],
])("%s with %j is allowed", (method, headers) => {
  expect(verdict(method, headers)).toEqual({ allowed: true });
});

test("site origins are compared in their normalized form", () => {
  expect(normalizeOrigin("https://Watch.Example:443/")).toBe("https://watch.example");
  expect(normalizeOrigin("chrome-extension://ABCDEF")).toBe("chrome-extension://abcdef");
});

/**
 * What guards and labels the metrics: the bearer check of GET /api/v1/metrics, and the labels a
 * rate-limit refusal is counted under (few, whatever ids and callers come).
 */
import { checkBearerToken } from "@/lib/server/metrics/bearer-token";
import { apiRateLimitKey, refusalLabels } from "@/lib/server/rate-limit";

const TOKEN = "0123456789abcdef0123456789abcdef";

test("only the exact token, sent as a Bearer credential, passes", () => {
  expect(checkBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe("ok");
  expect(checkBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe("ok");
  expect(checkBearerToken(null, TOKEN)).toBe("missing");
  expect(checkBearerToken("", TOKEN)).toBe("missing");
  expect(checkBearerToken("Bearer", TOKEN)).toBe("missing");
  expect(checkBearerToken(`Basic ${TOKEN}`, TOKEN)).toBe("missing");
  expect(checkBearerToken(TOKEN, TOKEN)).toBe("missing");
  expect(checkBearerToken(`Bearer ${TOKEN}x`, TOKEN)).toBe("wrong");
  expect(checkBearerToken(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe("wrong");
  expect(checkBearerToken(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe("wrong");
  expect(checkBearerToken(`Bearer ${TOKEN} extra`, TOKEN)).toBe("missing");
});

test("an API refusal is labelled by its route's shape, ids and callers left out", () => {
  expect(refusalLabels(apiRateLimitKey("POST", "/api/v1/parties/p_abc123/commands", "user-1"))).toEqual({ limit: "api", route: "POST /api/v1/parties/{id}/commands" });
  // An anonymous caller is keyed by address; an IPv6 one holds colons.
  expect(refusalLabels(apiRateLimitKey("POST", "/api/v1/parties", "::ffff:127.0.0.1"))).toEqual({ limit: "api", route: "POST /api/v1/parties" });
  expect(refusalLabels(apiRateLimitKey("DELETE", "/api/v1/playlists/x/links/y", "u"))).toEqual({ limit: "api", route: "DELETE /api/v1/playlists/{id}/links/{id}" });
  expect(refusalLabels(apiRateLimitKey("GET", "/api/v1/users/me", "u"))).toEqual({ limit: "api", route: "GET /api/v1/users/me" });
  // A decoded id may hold anything: it is still an id.
  expect(refusalLabels(apiRateLimitKey("POST", "/api/v1/parties/a:b<c>/join", "u"))).toEqual({ limit: "api", route: "POST /api/v1/parties/{id}/join" });
});

test("the other limits are labelled by their kind alone", () => {
  expect(refusalLabels("chat:party-1:user-1")).toEqual({ limit: "chat", route: "" });
  expect(refusalLabels("sign-in:127.0.0.1:ann@example.test")).toEqual({ limit: "sign-in", route: "" });
  expect(refusalLabels("sign-up:::1")).toEqual({ limit: "sign-up", route: "" });
});

test("a path no route fits is labelled other, however it is spelled", () => {
  expect(refusalLabels(apiRateLimitKey("POST", "/api/v1/parties/a/b/c/d/e/commands", "u"))).toEqual({ limit: "api", route: "POST other" });
  expect(refusalLabels(apiRateLimitKey("GET", "/api/v1/parties/active", "u"))).toEqual({ limit: "api", route: "GET /api/v1/parties/active" });
});

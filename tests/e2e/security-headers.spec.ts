/**
 * Response security headers and the Content-Security-Policy in real Chromium: the headers on pages,
 * API responses and static files; /profile cannot be framed by another origin; and no page of the
 * site (static or rendered per request, signed in or not, with the Twitch player, in the OAuth popup
 * flow) triggers a single CSP violation while its scripts demonstrably run.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { OAUTH_APP_URL, providerAccount, signInWithPopup, standInControl } from "../support/e2e-oauth";

const BLOG_POST = "/blogs/how-frame-accurate-sync-works";

// Each test loads real pages in Chromium while other suites share the two cores: an upper bound for a
// busy machine, not a measure.
test.describe.configure({ timeout: 90_000 });

interface Violation {
  documentURI: string;
  blockedURI: string;
  violatedDirective: string;
  sample: string;
}

/**
 * Records, for every page, popup and frame of the context: `securitypolicyviolation` events (reported
 * through a binding, so none is lost to a navigation) and console errors about the policy. Only
 * documents of the site count; the OpenID stand-in's pages are not ours.
 */
async function watchCsp(context: BrowserContext, siteOrigins: string[]) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  const ours = (url: string) => siteOrigins.some((origin) => url.startsWith(origin));
  await context.exposeBinding("__vpReportCsp", (_source, violation: Violation) => {
    if (ours(violation.documentURI)) violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __vpReportCsp?: (v: unknown) => void }).__vpReportCsp;
      report?.({ documentURI: e.documentURI, blockedURI: e.blockedURI, violatedDirective: e.violatedDirective, sample: e.sample });
    });
  });
  context.on("console", (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text) && ours(msg.page()?.url() ?? msg.location().url)) consoleErrors.push(text);
  });
  return {
    expectNone: () => {
      expect(violations, "CSP violation events").toEqual([]);
      expect(consoleErrors, "console CSP errors").toEqual([]);
    },
  };
}

/** The header's Login button opens the auth modal only when the page's scripts run. */
async function expectScriptsRun(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

function expectConstantHeaders(res: APIResponse) {
  const h = res.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // The camera and microphone are the site's own (voice), never an embedded player's.
  expect(h["permissions-policy"]).toContain("camera=(self), microphone=(self), geolocation=()");
  expect(h["x-frame-options"]).toBe("SAMEORIGIN");
  // Plain http: no HSTS, whatever X-Forwarded-Proto a client claims (no trusted proxy here).
  expect(h["strict-transport-security"]).toBeUndefined();
}

function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    policy!.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

test("pages carry the CSP and security headers; static pages stay prerendered and use hashes, dynamic ones a nonce", async ({ request }) => {
  for (const path of ["/", "/faqs", BLOG_POST, "/parties", "/extension-auth"]) {
    const res = await request.get(path, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.status(), path).toBe(200);
    expectConstantHeaders(res);
    const csp = directives(res.headers()["content-security-policy"]);
    const scripts = csp.get("script-src") ?? [];
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    expect(scripts.some((s) => s.startsWith("'sha256-")), path).toBe(true);
    expect(csp.get("frame-ancestors"), path).toEqual(["'self'"]);
    expect(csp.get("object-src"), path).toEqual(["'none'"]);
    expect(csp.get("frame-src"), path).toEqual(expect.arrayContaining(["https://player.twitch.tv", "https://www.twitch.tv"]));
    // Still served from the build's prerendered HTML, not rendered per request.
    expect(res.headers()["x-nextjs-prerender"], path).toMatch(/^1\b/);
  }

  // Pages rendered per request (an unknown user's profile; /profile, which renders the signed-in
  // user's profile into its HTML): their scripts carry this response's nonce, a new one each time.
  for (const [path, status] of [["/nobody_by_this_name_csp", 404], ["/profile", 200]] as const) {
    const dynamic = await request.get(path, { headers: { "X-Forwarded-Proto": "https" } });
    expect(dynamic.status(), path).toBe(status);
    expectConstantHeaders(dynamic);
    const csp = directives(dynamic.headers()["content-security-policy"]);
    expect(csp.get("script-src"), path).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors"), path).toEqual(["'self'"]);
    const nonce = csp
      .get("script-src")
      ?.find((s) => s.startsWith("'nonce-"))
      ?.slice("'nonce-".length, -1);
    expect(nonce, path).toBeTruthy();
    const html = await dynamic.text();
    expect(html, path).toContain(`nonce="${nonce}"`);
    const again = await request.get(path, { headers: { "X-Forwarded-Proto": "https" } });
    expect(again.headers()["content-security-policy"], path).not.toContain(`'nonce-${nonce}'`);
  }
});

test("API responses and static files carry the security headers", async ({ request }) => {
  for (const path of ["/api/v1/health", "/api/v1/parties/active", "/api/v1/users/me"]) {
    const res = await request.get(path);
    expectConstantHeaders(res);
    expect(res.headers()["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  }
  const home = await (await request.get("/")).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home)?.[1];
  expect(chunk).toBeTruthy();
  const asset = await request.get(chunk!);
  expect(asset.status()).toBe(200);
  expectConstantHeaders(asset);
});

test("/profile cannot be framed by a page of another origin; the site itself may frame it", async ({ page, baseURL }) => {
  const framer = `<!doctype html><html><head><title>framer</title></head><body><iframe title="victim" src="${baseURL}/profile" width="900" height="600"></iframe></body></html>`;
  // The attacker of the issue: a page on the same host, another port (same site, another origin).
  const attacker = createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(framer));
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = attacker.address() as AddressInfo;
    const refused = page.waitForEvent("console", (msg) => msg.text().includes("frame-ancestors"));
    await page.goto(`http://127.0.0.1:${port}/`);
    // Chromium: "Framing 'http://localhost:PORT/' violates … "frame-ancestors 'self'". The request has been blocked."
    const message = (await refused).text();
    expect(message).toContain(`'${baseURL}/'`);
    expect(message).toContain("blocked");
    const blocked = page.frameLocator('iframe[title="victim"]');
    await expect(blocked.getByRole("banner")).toHaveCount(0);
    await expect(blocked.getByRole("main")).toHaveCount(0);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }

  // The same framing page served from the site's own origin shows /profile: the check above can fail.
  await page.route(`${baseURL}/__framer-test`, (route) => route.fulfill({ contentType: "text/html", body: framer }));
  await page.goto(`${baseURL}/__framer-test`);
  await expect(page.frameLocator('iframe[title="victim"]').getByRole("banner")).toBeVisible();
});

const ANONYMOUS_PAGES = ["/", "/faqs", "/blogs", BLOG_POST, "/parties", "/scheduled-parties", "/playlists", "/extension-auth?mode=viewparty", "/get-extension"];

for (const path of ANONYMOUS_PAGES) {
  test(`no CSP violation on ${path} signed out, with its scripts running`, async ({ page, context, baseURL }) => {
    const csp = await watchCsp(context, [baseURL!]);
    await page.goto(path);
    await expectScriptsRun(page);
    csp.expectNone();
  });
}

test("no CSP violation on an unknown blog post (rendered on demand), on the first visit and the next", async ({ page, context, baseURL }) => {
  const csp = await watchCsp(context, [baseURL!]);
  for (let visit = 0; visit < 2; visit += 1) {
    expect((await page.goto("/blogs/no-such-post-for-csp"))?.status()).toBe(404);
    await expect(page.getByText("Post not found.", { exact: true })).toBeVisible();
    await expectScriptsRun(page);
  }
  csp.expectNone();
});

test("no CSP violation on /profile, a public profile and /extension-auth when signed in", async ({ page, context, browser, baseURL }) => {
  const csp = await watchCsp(context, [baseURL!]);
  const user = await signUpViaApi(page, uniqueUser("csp"));
  await page.goto("/profile");
  await expect(page.getByTestId("header-user-name")).toHaveText(user.username);
  await page.getByTestId("header-user-name").click();
  await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await page.goto("/extension-auth?mode=viewparty&keepOpen=1");
  await expect(page.getByTestId("extension-auth-status")).not.toBeEmpty();
  csp.expectNone();

  const visitorContext = await browser.newContext();
  const visitorCsp = await watchCsp(visitorContext, [baseURL!]);
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`/${user.username}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(user.username);
  await expectScriptsRun(visitor);
  visitorCsp.expectNone();
  await visitorContext.close();
});

test.describe("with the OpenID stand-in", () => {
  test.use({ baseURL: OAUTH_APP_URL });

  test("no CSP violation in the Twitch popup sign-in, on /profile with the live Twitch player, and on the public profile", async ({ page, context, browser }) => {
    const csp = await watchCsp(context, [OAUTH_APP_URL]);
    const account = providerAccount("csp");
    const login = `csp_${account.slice(-8)}`.toLowerCase();
    await standInControl("accounts", { id: account, claims: { preferred_username: login } });
    await standInControl("twitch/stream", { login, live: true });

    await page.goto("/");
    await signInWithPopup(page, "Twitch", account);
    await expect(page.getByTestId("header-user-name")).toHaveText(login);
    await page.goto("/profile");
    const box = page.getByRole("region", { name: "Twitch" });
    await expect(box.getByTestId("twitch-live-status")).toHaveText("Live");
    await expect(box.locator("iframe")).toHaveAttribute("src", /^https:\/\/player\.twitch\.tv\//);
    csp.expectNone();

    const { username } = (await (await page.request.get("/api/v1/users/me")).json()) as { username: string };
    const visitorContext = await browser.newContext({ baseURL: OAUTH_APP_URL });
    const visitorCsp = await watchCsp(visitorContext, [OAUTH_APP_URL]);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${username}`);
    await expect(visitor.locator('iframe[src^="https://player.twitch.tv/"]')).toHaveCount(1);
    await expectScriptsRun(visitor);
    visitorCsp.expectNone();
    await visitorContext.close();
  });
});

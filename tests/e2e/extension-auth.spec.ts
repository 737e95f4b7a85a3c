/**
 * /extension-auth without the extension installed: the check-only
 * visit closes itself after 0.3 s unless keepOpen=1; a signed-in visit sends the token, waits 5 s and
 * falls back to showing the token and user id; a forged acknowledgement from another origin does not
 * count; the /parties Join button without the extension ends in the spec's message. (With the
 * extension, both handshakes are covered in extension.spec.ts.)
 */
import { expect, test } from "@playwright/test";
import { signUpAccount, SITE_URL, startStaticServer, type StaticServer } from "./extension-helpers";

let server: StaticServer;
test.beforeAll(async () => {
  server = await startStaticServer();
});
test.afterAll(async () => {
  await server?.close();
});

// When exactly it closes, and that keepOpen=1 never does, is timed on a simulated clock in
// tests/unit/extension-auth-close.test.tsx; here the real browser closes the tab it opened.
test("checkOnly without a login closes the tab; keepOpen=1 says so and stays", async ({ page, context }) => {
  await page.goto("/");
  const [checked] = await Promise.all([context.waitForEvent("page"), page.evaluate(() => window.open("/extension-auth?mode=viewparty&checkOnly=1"))]);
  await checked.waitForEvent("close", { timeout: 10_000 });

  await page.goto("/extension-auth?mode=viewparty&checkOnly=1&keepOpen=1");
  await expect(page.getByTestId("extension-auth-status")).toHaveText("You are not logged in.");
});

test("not signed in: the page asks for a login", async ({ page }) => {
  await page.goto("/extension-auth?mode=viewparty");
  await expect(page.getByTestId("extension-auth-status")).toHaveText("Log in to connect the extension to your account.");
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("signed in without the extension: token sent once, no acknowledgement in 5 s, manual fallback; a forged reply from another origin is ignored", async ({ page }) => {
  await page.goto("/");
  const username = await signUpAccount(page, "noext");
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { sentToExtension: unknown[] }).sentToExtension = sent;
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string };
      if (event.source === window && data?.source === "viewparty-auth") sent.push(data);
    });
  });
  await page.goto("/extension-auth?mode=viewparty&keepOpen=1");
  // Another origin keeps posting a "success" acknowledgement to the page (from a window the page
  // opened: the site's Content-Security-Policy would refuse to frame it).
  await page.evaluate((origin) => {
    window.open(`${origin}/forge.html?kind=ack`, "forger");
  }, server.origin);
  await expect(page.getByTestId("extension-auth-status")).toHaveText("Token sent, but extension did not acknowledge.", { timeout: 15_000 });
  await expect(page.getByRole("alert").filter({ hasText: "No response from extension within 5 seconds" })).toBeVisible();
  const token = await page.getByLabel("Token").inputValue();
  expect(token.length).toBeGreaterThan(10);
  const userId = await page.getByLabel("User id").inputValue();
  expect(userId).not.toBe("");

  const sent = (await page.evaluate(() => (window as unknown as { sentToExtension: Record<string, unknown>[] }).sentToExtension)) as Record<string, unknown>[];
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ source: "viewparty-auth", type: "AUTH_TOKEN", token, userId, username, checkOnly: false });
  // The token is a bearer for the API.
  const me = await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ id: userId, username });
});

test("JOIN_PARTY without the extension: the Join button waits for the extension, then an in-page panel says so", async ({ page }) => {
  const guest = (await (await page.request.post(`${SITE_URL}/api/v1/guests`, { data: { username: "Lonely Host" } })).json()) as { token: string };
  const title = `No-extension party ${Date.now().toString(36)}`;
  const created = await page.request.post(`${SITE_URL}/api/v1/parties`, {
    headers: { Authorization: `Bearer ${guest.token}` },
    data: { video_url: `${server.origin}/watch.html`, video_title: title },
  });
  expect(created.status()).toBe(201);
  const natives: string[] = [];
  page.on("dialog", (dialog) => void dialog.dismiss().then(() => natives.push(dialog.message())));
  await page.goto("/parties");
  const button = page.getByRole("button", { name: `Join Party: ${title}` });
  const panel = page.getByRole("dialog", { name: "Join Party" });
  await button.click();
  // While it waits for the extension's answer the button is disabled and nothing is said yet.
  await expect(button).toBeDisabled();
  await expect(panel).toBeHidden();
  await expect(panel).toContainText("No response from the extension. Please make sure it is installed and enabled.", { timeout: 15_000 });
  await expect(panel.getByRole("link", { name: "Install the extension" })).toBeVisible();
  await panel.getByRole("button", { name: "Close" }).first().click();
  await expect(button).toBeEnabled();
  expect(natives).toEqual([]);
});

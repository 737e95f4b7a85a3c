import AxeBuilder from "@axe-core/playwright";
/** API shortcuts for the party and profile specs: arrange data through the real API, then drive the UI. */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";

export interface ScheduledPartyBody {
  id: string;
  title: string;
  rsvp_count: number;
  invite_code: string | null;
}

export const FUTURE_ISO = "2031-05-01T20:00:00.000Z";

export async function createScheduledPartyViaApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<ScheduledPartyBody> {
  const res = await request.post("/api/v1/scheduled-parties", {
    data: { title: `Party ${Date.now().toString(36)}`, date_time: FUTURE_ISO, show_movie: "Netflix", ...overrides },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as ScheduledPartyBody;
}

export async function rsvpViaApi(request: APIRequestContext, partyId: string): Promise<void> {
  expect((await request.post(`/api/v1/scheduled-parties/${partyId}/rsvp`)).status()).toBe(201);
}

/** A second signed-in user in their own browser context. */
export async function otherUser(browser: Browser, prefix = "other"): Promise<{ page: Page; user: ReturnType<typeof uniqueUser>; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpViaApi(page, uniqueUser(prefix));
  return { page, user, close: () => context.close() };
}

/**
 * Waits for the in-page dialog that says `message` (a confirmation, the join panel, the login modal)
 * and answers it: a confirmation is accepted or cancelled, any other dialog closed. The site never
 * uses native alert/confirm, so a native dialog here fails the test.
 */
export async function expectDialog(page: Page, message: string, accept = true): Promise<void> {
  const natives: string[] = [];
  const native = (dialog: import("@playwright/test").Dialog) => {
    natives.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  };
  page.on("dialog", native);
  try {
    const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: message });
    await expect(dialog).toBeVisible();
    if ((await dialog.getAttribute("role")) === "alertdialog") {
      await (accept ? dialog.locator("[data-confirm-accept]") : dialog.getByRole("button", { name: "Cancel" })).click();
    } else {
      await dialog.getByRole("button", { name: "Close" }).first().click();
    }
    await expect(dialog).toBeHidden();
  } finally {
    page.off("dialog", native);
    expect(natives, "native dialogs").toEqual([]);
  }
}

/** What one axe analysis may add to a test's budget: it walks the whole page (over 10 s on a loaded 2-core machine). */
const AXE_BUDGET_MS = 30_000;

/** No serious or critical axe findings on the page as it is now (dialogs included when open). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Each analysis brings its own time, so a test that checks several pages is not cut short by the default budget.
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  // Colours are judged at rest: a button that just turned enabled (its data loaded) fades between its
  // disabled and enabled colours for 150 ms, and axe sampling the fade saw a contrast that no user
  // is left with. CSS transitions end; looping animations (spinners) are not waited for.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"));
  const results = await new AxeBuilder({ page }).exclude("nextjs-portal").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), "serious or critical axe violations").toEqual([]);
}

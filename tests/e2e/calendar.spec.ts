/**
 * "Add to calendar": a scheduled party's details offer its .ics file, and the download is the party as
 * a calendar event (its title, its start in UTC).
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { createScheduledPartyViaApi } from "./scheduled-party-helpers";

test("the party's details offer Add to calendar (.ics), and the file is the party", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("cal"));
  const party = await createScheduledPartyViaApi(page.request, { title: "Calendar night, with friends", date_time: "2031-03-14T20:00:00.000Z" });
  await page.goto("/profile");
  await page.getByRole("button", { name: "Details: Calendar night, with friends" }).click();
  const dialog = page.getByRole("dialog");
  const link = dialog.getByRole("link", { name: "Add to calendar (.ics)" });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`viewparty-${party.id}.ics`);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain("BEGIN:VCALENDAR\r\n");
  expect(text).toContain("SUMMARY:Calendar night\\, with friends\r\n");
  expect(text).toContain("DTSTART:20310314T200000Z\r\n");
});

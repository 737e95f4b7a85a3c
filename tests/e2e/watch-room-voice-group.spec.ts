/**
 * Four members in voice in one watch room (a host on a desktop, three guests, one on a phone), in
 * Chromium with fake media devices whose microphone plays a WAV that talks for 1.5 s and is quiet for
 * 3 s, over and over: every member receives audio from every other (each peer connection's own
 * getStats()), a mute stops that member's outbound audio and every other tile says so, a camera is
 * decoded by all three others, and auto-duck lowers the host's video while the others talk and gives
 * its volume back in the pauses.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { hostParty, openRoomAsGuest, openRoomAsHost } from "./watch-room-helpers";
import { joinVoice, openConnections, sum, talkAndPauseWav, trackPeerConnections, voiceLaunchOptions } from "./voice-helpers";

const WAV_DIR = path.join(os.tmpdir(), "viewparty-e2e-voice");
mkdirSync(WAV_DIR, { recursive: true });
const WAV = path.join(WAV_DIR, "talk-1.5s-quiet-3s.wav");
writeFileSync(WAV, talkAndPauseWav(1.5, 3));

test.use({ launchOptions: voiceLaunchOptions(WAV) });

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eVoice004";

/** Records the stand-in player's volume every 50 ms in the page (what auto-duck drives). */
async function sampleVolume(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __vpVolumes: number[] }).__vpVolumes = samples;
    setInterval(() => {
      const video = document.querySelector<HTMLVideoElement>('video[data-stand-in="youtube"]');
      if (video) samples.push(video.volume);
    }, 50);
  });
}

const volumes = (page: Page) => page.evaluate(() => [...(window as unknown as { __vpVolumes: number[] }).__vpVolumes]);

test("four members: everyone hears everyone, mute and camera reach all, and the video ducks while they talk", async ({ browser }) => {
  test.setTimeout(300_000);
  const host = await hostParty(browser, VIDEO_URL, "Voice Four", { viewport: { width: 1366, height: 800 } });
  await trackPeerConnections(host.context);
  await openRoomAsHost(host.page, host.partyId);
  const names = ["Guest Ada", "Guest Bo", "Guest Cy"];
  const guests = [];
  for (const [i, name] of names.entries()) {
    const guest = await openRoomAsGuest(browser, host.partyId, name, i === 2 ? { width: 390, height: 844 } : { width: 1366, height: 800 }, (context) => trackPeerConnections(context));
    guests.push(guest);
  }
  const everyone = [host.page, ...guests.map((g) => g.page)];
  for (const page of everyone) await joinVoice(page);

  // Every member has a connection to each of the three others, and audio arrives on every one.
  for (const page of everyone) {
    await expect(page.getByRole("list", { name: "In voice" }).locator("li[data-member-id]")).toHaveCount(3, { timeout: 20_000 });
    await expect
      .poll(async () => (await openConnections(page)).map((c) => c.audioPacketsIn > 20), { timeout: 30_000 })
      .toEqual([true, true, true]);
  }

  // Guest Bo mutes: their outbound audio stops, and the three others' tiles for Bo say muted.
  const bo = guests[1]!.page;
  await bo.getByRole("button", { name: "Mute", exact: true }).click();
  for (const page of [host.page, guests[0]!.page, guests[2]!.page]) {
    await expect(page.getByRole("list", { name: "In voice" }).locator("li[data-member-id]", { hasText: "Guest Bo" })).toHaveAttribute("data-muted", "true", { timeout: 10_000 });
  }
  await bo.waitForTimeout(500);
  const boOut = sum(await openConnections(bo), "audioBytesOut");
  await bo.waitForTimeout(1500);
  expect(sum(await openConnections(bo), "audioBytesOut")).toBe(boOut);

  // Guest Ada's camera: decoded by each of the three others.
  await guests[0]!.page.getByRole("button", { name: "Camera on" }).click();
  for (const page of [host.page, bo, guests[2]!.page]) {
    await expect.poll(async () => sum(await openConnections(page), "framesDecoded"), { timeout: 30_000 }).toBeGreaterThan(10);
  }

  // Auto-duck (on by default): the host's video goes down while the others talk, and back in the pauses.
  await sampleVolume(host.page);
  await expect
    .poll(
      async () => {
        const seen = await volumes(host.page);
        const low = seen.findIndex((v) => v < 0.6);
        return low >= 0 && seen.slice(low).some((v) => v > 0.97);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const seen = await volumes(host.page);
  expect(Math.min(...seen)).toBeGreaterThan(0.3); // ducked to ~35 %, never silenced
  expect(Math.max(...seen)).toBeLessThanOrEqual(1);

  for (const guest of guests) await guest.context.close();
  await host.context.close();
});

/**
 * Recording a YouTube watch party and replaying it, on the local stand-in of the YouTube player: the
 * host records about 30 s with two seeks and a guest's chat (both see the Recording badge); the replay
 * page then plays it with the player within 100 ms of the recorded position at sampled instants (when
 * its video runs steadily: see steadySample),
 * shows each chat message from its recorded moment on, and lands on the exact state when scrubbed.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectedPosition } from "../../lib/sync/playback-model";
import { stateAt, timelineMarkers, type RecordingTimeline } from "../../lib/sync/recording";
import { closeHostPanel, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eRecClip1";
const VIDEO = 'video[data-stand-in="youtube"]';

interface TimelineBody {
  started_at: number;
  ended_at: number;
  start: RecordingTimeline["start"];
  entries: RecordingTimeline["entries"];
}

/** The player's position and the replay clock's offset (ms) read at one instant of the page. */
async function replaySample(page: Page): Promise<{ t: number; offset: number; paused: boolean; playing: boolean }> {
  return page.evaluate((selector) => {
    const video = document.querySelector(selector) as HTMLVideoElement;
    const root = document.querySelector('[data-testid="replay"]') as HTMLElement;
    const wall = performance.now();
    const anchorWall = Number(root.dataset.anchorWall);
    const anchorOffset = Number(root.dataset.anchorOffset);
    const speed = Number(root.dataset.speed);
    const offset = root.dataset.playing === "true" ? anchorOffset + (wall - anchorWall) * speed : anchorOffset;
    return { t: video.currentTime, offset, paused: video.paused, playing: root.dataset.playing === "true" };
  }, VIDEO);
}

/**
 * Where the recorded host's player started anew (ms from the recording's start): a play or pause
 * (a recorded stall is one too), a media change, or a jump of more than the 100 ms the replay is
 * held to. A host's small corrections of its own position are not among them: following one moves
 * the replay's target by less than the tolerance, and a loaded host page sends one now and then.
 */
function restarts(timeline: RecordingTimeline): number[] {
  const offsets: number[] = [];
  let previous = timeline.start.playback;
  for (const { at, event } of timeline.entries) {
    if (event.type !== "playback") continue;
    const next = event.state;
    const jump = Math.abs(next.position - expectedPosition(previous, next.at));
    if (next.mediaId !== previous.mediaId || next.paused !== previous.paused || jump > 0.1) offsets.push(at - timeline.startedAt);
    previous = next;
  }
  return offsets;
}

/**
 * A sample at an instant when the player runs steadily: two readings 250 ms apart in which the video
 * advanced as much as the replay clock (±30 ms). On a loaded machine the video's decoder itself
 * stalls now and then (the recorded host's did too: its stalls are in the timeline as pauses); a
 * sample inside such a stall measures the decoder, not the sync, so it is taken again. A replay that
 * runs steadily at the wrong place, or never runs steadily, still fails.
 */
async function steadySample(page: Page, timeline: RecordingTimeline): Promise<{ t: number; offset: number; paused: boolean; playing: boolean } | null> {
  const first = await replaySample(page);
  await page.waitForTimeout(250);
  const second = await replaySample(page);
  const clock = (second.offset - first.offset) / 1000;
  if (Math.abs(second.t - first.t - clock) > 0.03) return null;
  // A replay that reached its end holds its last frame: a sample there is exact whatever came before.
  if (!second.playing) return second;
  // ...and the recorded player did not start anew in the last 1.5 s: the replay's player had time to
  // catch up after it (a recorded stall's play starts the player anew, like a seek).
  const recent = restarts(timeline).some((offset) => offset > second.offset - 1500 && offset <= second.offset);
  return recent ? null : second;
}

/** Moves the replay clock to `offset` (ms, to the slider's 100 ms) and waits until the page took it. */
async function scrubTo(page: Page, offset: number): Promise<void> {
  const value = String(Math.round(offset / 100) * 100);
  await page.getByLabel("Replay position").fill(value);
  await expect(page.getByTestId("replay")).toHaveAttribute("data-anchor-offset", value);
}

/** From now on, where each seek of the room's player landed (its `seeked` events); read with the returned function. */
async function recordSeekLandings(page: Page): Promise<() => Promise<number[]>> {
  await page.locator(VIDEO).evaluate((el) => {
    const video = el as HTMLVideoElement;
    const landed: number[] = [];
    (window as unknown as { __seekLandings: number[] }).__seekLandings = landed;
    video.addEventListener("seeked", () => landed.push(video.currentTime));
  });
  return () => page.evaluate(() => (window as unknown as { __seekLandings: number[] }).__seekLandings);
}

async function chatThenSeen(guest: Page, host: Page, text: string): Promise<void> {
  await guest.getByLabel("Chat message").fill(text);
  await guest.getByRole("button", { name: "Send" }).click();
  await expect(host.getByRole("region", { name: "Chat" })).toContainText(text);
}

test("record 30 s with two seeks and chat, then replay it: positions, chat moments and scrubbing", async ({ browser }) => {
  test.setTimeout(300_000);
  const host = await hostParty(browser, VIDEO_URL, "Record Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Guest Rita");

  // Start recording: everyone sees the badge and that chat is recorded.
  // The host records from the host panel.
  await (await openHostPanel(host.page)).getByRole("button", { name: "Record" }).click();
  await expect(host.page.getByRole("button", { name: "Stop recording" })).toBeVisible();
  await closeHostPanel(host.page);
  for (const page of [host.page, guest.page]) {
    await expect(page.getByTestId("recording-badge")).toHaveText("● Recording");
    await expect(page.getByTestId("recording-notice")).toHaveText("This party is being recorded, chat included.");
  }

  // About 30 s of the party: play, chat, a seek forward, chat, a seek back. Waits are on the host's
  // player position (a loaded machine runs slower, never differently).
  const hostTime = async () => (await roomVideo(host.page)).t;
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(hostTime, { timeout: 60_000 }).toBeGreaterThan(5);
  await chatThenSeen(guest.page, host.page, "first message");
  await expect.poll(hostTime, { timeout: 60_000 }).toBeGreaterThan(9);
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await expect.poll(hostTime, { timeout: 60_000 }).toBeGreaterThan(24);
  await chatThenSeen(guest.page, host.page, "second message");
  // The seek back is seen by where the player landed, not by polling its position: on a loaded
  // machine the click and each reading take seconds, and the player plays on from where it landed
  // past any threshold before a poll reads it.
  const landings = await recordSeekLandings(host.page);
  const beforeBack = await hostTime();
  await host.page.getByRole("button", { name: "Back 10 seconds" }).click();
  await expect.poll(async () => (await landings()).filter((t) => t < beforeBack - 5), { timeout: 60_000 }).not.toEqual([]);
  const afterBack = Math.min(...(await landings()));
  await expect.poll(hostTime, { timeout: 60_000 }).toBeGreaterThan(afterBack + 6);
  await (await openHostPanel(host.page)).getByRole("button", { name: "Stop recording" }).click();
  await expect(guest.page.getByTestId("recording-badge")).toHaveCount(0);
  const link = host.page.getByRole("link", { name: "Open the recording" });
  const href = (await link.getAttribute("href"))!;
  const recordingId = href.split("/").pop()!;
  await guest.context.close();

  const body = (await (await host.page.request.get(`/api/v1/recordings/${recordingId}/timeline`)).json()) as TimelineBody;
  const timeline: RecordingTimeline = { startedAt: body.started_at, endedAt: body.ended_at, start: body.start, entries: body.entries };
  expect(timeline.endedAt - timeline.startedAt).toBeGreaterThan(20_000);
  const seeks = timelineMarkers(timeline).filter((m) => m.kind === "seek");
  expect(seeks).toHaveLength(2);
  const chats = timeline.entries.filter((e) => e.event.type === "chat").map((e) => ({ offset: e.at - timeline.startedAt, text: e.event.type === "chat" ? e.event.message.text : "" }));
  expect(chats.map((c) => c.text)).toEqual(["first message", "second message"]);

  // The replay page: its markers, and the player ready at the start.
  await link.click();
  await expect(host.page).toHaveURL(new RegExp(`/recordings/${recordingId}$`));
  await expect(host.page.getByRole("heading", { name: "Record Clip" })).toBeVisible();
  await expect(host.page.locator('[data-marker="seek"]')).toHaveCount(2);
  await expect(host.page.locator(VIDEO)).toHaveCount(1, { timeout: 20_000 });

  // Scrubbing lands on the exact state: the chat so far (a message from its moment on, not 100 ms
  // before) and the player paused on the recorded frame.
  const chatList = host.page.getByRole("region", { name: "Chat" });
  for (const chat of chats) {
    await scrubTo(host.page, chat.offset - 200);
    await expect(chatList).not.toContainText(chat.text);
    await scrubTo(host.page, chat.offset + 100);
    await expect(chatList).toContainText(chat.text);
    const expected = stateAt(timeline, (await replaySample(host.page)).offset).position;
    await expect.poll(async () => Math.abs((await replaySample(host.page)).t - expected), { timeout: 20_000 }).toBeLessThan(0.1);
    await expect(host.page.getByTestId("replay-state")).toContainText("Playing at");
  }

  // Playing through each seek: after the player has caught up, it stays within 100 ms of the
  // recorded position at every sample.
  for (const seek of seeks) {
    // From 1.5 s before the seek, playing (the previous round may have played to the end, or not; the
    // scrub took effect, so the replay cannot reach its end between this read and the click).
    await scrubTo(host.page, seek.offset - 1500);
    const replay = host.page.getByTestId("replay");
    if ((await replay.getAttribute("data-playing")) !== "true") await host.page.getByRole("button", { name: "Play replay" }).click();
    await expect(replay).toHaveAttribute("data-playing", "true");
    const drift = async () => {
      const sample = await replaySample(host.page);
      return Math.abs(sample.t - stateAt(timeline, sample.offset).position);
    };
    // Caught up after the jump and the recorded seek...
    await expect.poll(async () => (await replaySample(host.page)).offset, { timeout: 20_000 }).toBeGreaterThan(seek.offset + 1000);
    await expect.poll(drift, { timeout: 10_000, intervals: [50] }).toBeLessThan(0.1);
    // ...then every sample is within 100 ms.
    for (const after of [2000, 2500, 3000, 3500, 4000]) {
      await expect.poll(async () => (await replaySample(host.page)).offset, { timeout: 20_000 }).toBeGreaterThan(seek.offset + after);
      let sample: Awaited<ReturnType<typeof steadySample>> = null;
      await expect.poll(async () => (sample = await steadySample(host.page, timeline)) !== null, { timeout: 20_000, intervals: [0] }).toBe(true);
      expect(Math.abs(sample!.t - stateAt(timeline, sample!.offset).position)).toBeLessThan(0.1);
    }
    // Playing where the recording plays (the recorded host's own brief stalls are pauses in the
    // timeline, and the replay pauses for them too), paused once the replay has reached the end.
    await expect
      .poll(async () => {
        const sample = await replaySample(host.page);
        return sample.paused === (!sample.playing || stateAt(timeline, sample.offset).paused);
      }, { timeout: 10_000 })
      .toBe(true);
  }

  // The recording is listed on the host's profile, where it can be renamed.
  await host.page.goto("/profile");
  const mine = host.page.getByTestId("my-recording");
  await expect(mine).toHaveCount(1);
  await mine.getByLabel("Title of Record Clip").fill("Our record night");
  await mine.getByRole("button", { name: "Rename" }).click();
  await expect(mine.getByRole("link", { name: "Our record night" })).toBeVisible();
  await mine.getByRole("button", { name: "Delete" }).click();
  await mine.getByRole("button", { name: "Keep it" }).click();
  await expect(mine).toHaveCount(1);
  await host.context.close();
});

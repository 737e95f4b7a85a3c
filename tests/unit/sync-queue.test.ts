/** A live party's queue rules (lib/sync/queue): bounded, all-or-nothing adds, reorder, play now, marathon next. */
import { applyQueueCommand, autoplays, emptyQueue, QUEUE_MAX_ITEMS, startOf, type QueueContext, type QueueState } from "@/lib/sync/queue";

function context(mediaId = "m0"): QueueContext {
  let n = 0;
  return {
    mediaId,
    newId: () => `q${++n}`,
    accept: (link) => (link.url.includes("bad") ? { ok: false, message: "Only YouTube and TikTok video links can be queued in this party." } : { ok: true, url: link.url, title: link.title || "Untitled" }),
  };
}

function withItems(...urls: string[]): QueueState {
  const result = applyQueueCommand(emptyQueue(), { type: "queue.add", items: urls.map((url) => ({ url })) }, context());
  if (!result.ok) throw new Error(result.message);
  return result.queue;
}

test("adds links in order with ids and titles", () => {
  const queue = withItems("https://a.test/1", "https://a.test/2");
  expect(queue.items).toEqual([
    { id: "q1", url: "https://a.test/1", title: "Untitled" },
    { id: "q2", url: "https://a.test/2", title: "Untitled" },
  ]);
});

test("one unacceptable link rejects the whole list, naming it, and changes nothing", () => {
  const before = withItems("https://a.test/1");
  const result = applyQueueCommand(before, { type: "queue.add", items: [{ url: "https://a.test/2" }, { url: "https://bad.test/x" }] }, context());
  expect(result).toEqual({ ok: false, code: "unsupported_link", message: "Item 2: Only YouTube and TikTok video links can be queued in this party." });
  expect(before.items).toHaveLength(1);
});

test("the queue is bounded: a list that does not fit is refused with how much room is left", () => {
  const full = withItems(...Array.from({ length: QUEUE_MAX_ITEMS }, (_, i) => `https://a.test/${i}`));
  expect(applyQueueCommand(full, { type: "queue.add", items: [{ url: "https://a.test/x" }] }, context())).toMatchObject({
    ok: false,
    code: "queue_full",
    message: `The queue is full (${QUEUE_MAX_ITEMS} items). Remove some before adding more.`,
  });
  const almost = withItems(...Array.from({ length: QUEUE_MAX_ITEMS - 1 }, (_, i) => `https://a.test/${i}`));
  expect(applyQueueCommand(almost, { type: "queue.add", items: [{ url: "https://a.test/x" }, { url: "https://a.test/y" }] }, context())).toMatchObject({
    ok: false,
    message: `The queue has room for 1 more item (at most ${QUEUE_MAX_ITEMS}).`,
  });
});

test("moves and removes items; unknown items are reported", () => {
  const queue = withItems("https://a.test/1", "https://a.test/2", "https://a.test/3");
  const moved = applyQueueCommand(queue, { type: "queue.move", itemId: "q3", index: 0 }, context());
  expect(moved.ok && moved.queue.items.map((i) => i.id)).toEqual(["q3", "q1", "q2"]);
  const removed = applyQueueCommand(queue, { type: "queue.remove", itemId: "q2" }, context());
  expect(removed.ok && removed.queue.items.map((i) => i.id)).toEqual(["q1", "q3"]);
  expect(applyQueueCommand(queue, { type: "queue.remove", itemId: "nope" }, context())).toMatchObject({ ok: false, code: "item_not_found" });
});

test("play now takes the item out of the queue and starts it at once", () => {
  const queue = withItems("https://a.test/1", "https://a.test/2");
  const result = applyQueueCommand(queue, { type: "queue.play", itemId: "q2" }, context());
  expect(result).toMatchObject({ ok: true, play: { id: "q2" }, immediate: true });
  expect(result.ok && result.queue.items.map((i) => i.id)).toEqual(["q1"]);
});

test("next advances from the media that ended only: a second, late request is stale", () => {
  const queue = withItems("https://a.test/1", "https://a.test/2");
  expect(applyQueueCommand(queue, { type: "queue.next", fromMediaId: "m0", auto: true }, context("m0"))).toMatchObject({
    ok: true,
    play: { id: "q1" },
    immediate: false,
  });
  expect(applyQueueCommand(queue, { type: "queue.next", fromMediaId: "m0", auto: true }, context("m1"))).toMatchObject({ ok: false, code: "stale" });
  expect(applyQueueCommand(emptyQueue(), { type: "queue.next", fromMediaId: "m0", auto: false }, context("m0"))).toMatchObject({ ok: false, code: "nothing_next" });
});

test("the marathon waits for the intermission unless started by hand; autoplay is per platform", () => {
  const queue = { ...emptyQueue(), settings: { autoplayYoutube: true, autoplayTiktok: false, intermissionSeconds: 10, musicMode: false } };
  expect(startOf(queue, "m3", 1000, false)).toEqual({ mediaId: "m3", at: 11_000 });
  expect(startOf(queue, "m3", 1000, true)).toEqual({ mediaId: "m3", at: 1000 });
  expect(autoplays(queue.settings, "youtube")).toBe(true);
  expect(autoplays(queue.settings, "tiktok")).toBe(false);
  expect(autoplays(queue.settings, null)).toBe(false);
});

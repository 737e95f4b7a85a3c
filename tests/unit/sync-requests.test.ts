/** Track requests (lib/sync/queue): any member's link joins a bounded list; the host accepts one to play next, or dismisses it. */
import {
  applyQueueCommand,
  emptyQueue,
  QUEUE_MAX_ITEMS,
  queueStateSchema,
  REQUESTS_MAX,
  withQueueDefaults,
  type QueueContext,
  type QueueState,
} from "@/lib/sync/queue";
import { parseClientCommand, parseServerEvent, queueSettingsCommandSchema } from "@/lib/sync/protocol";

function context(): QueueContext {
  let n = 0;
  return {
    mediaId: "m0",
    newId: () => `id${++n}`,
    accept: (link) =>
      link.url.includes("vimeo")
        ? { ok: false, message: "Only YouTube and TikTok video links can be queued in this party." }
        : { ok: true, url: link.url.replace("youtu.be/", "www.youtube.com/watch?v="), title: link.title || "Untitled" },
  };
}

const ann = { userId: "u-ann", displayName: "Ann" };
const ben = { userId: "u-ben", displayName: "Ben" };

function ok(queue: QueueState, op: Parameters<typeof applyQueueCommand>[1], ctx = context()): QueueState {
  const result = applyQueueCommand(queue, op, ctx);
  if (!result.ok) throw new Error(result.message);
  expect(result.play).toBeUndefined();
  return result.queue;
}

function requested(...urls: string[]): QueueState {
  const ctx = context();
  return urls.reduce((queue, url, i) => ok(queue, { type: "request.add", link: { url }, requestedBy: i % 2 ? ben : ann, at: 1000 + i }, ctx), emptyQueue());
}

test("a request keeps the checked link, its title, who asked and when, oldest first", () => {
  const queue = ok(requested("https://youtu.be/aaaaaaaaaaa"), { type: "request.add", link: { url: "https://youtu.be/bbbbbbbbbbb", title: "Song B" }, requestedBy: ben, at: 2000 });
  expect(queue.requests).toEqual([
    { id: "id1", url: "https://www.youtube.com/watch?v=aaaaaaaaaaa", title: "Untitled", requestedBy: ann, at: 1000 },
    { id: "id1", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Song B", requestedBy: ben, at: 2000 },
  ]);
  expect(queue.items).toEqual([]);
});

test("a link the queue would refuse is refused as a request, and nothing changes", () => {
  const before = requested("https://youtu.be/aaaaaaaaaaa");
  expect(applyQueueCommand(before, { type: "request.add", link: { url: "https://vimeo.com/1" }, requestedBy: ann, at: 1 }, context())).toEqual({
    ok: false,
    code: "unsupported_link",
    message: "Only YouTube and TikTok video links can be queued in this party.",
  });
  expect(before.requests).toHaveLength(1);
});

test("the same track twice is refused while the first request is pending", () => {
  const before = requested("https://youtu.be/aaaaaaaaaaa");
  // Another form of the same link: compared after the link rule normalized it.
  expect(applyQueueCommand(before, { type: "request.add", link: { url: "https://www.youtube.com/watch?v=aaaaaaaaaaa" }, requestedBy: ben, at: 1 }, context())).toEqual({
    ok: false,
    code: "already_requested",
    message: "That track has already been requested.",
  });
});

test(`the list is bounded at ${REQUESTS_MAX} pending requests`, () => {
  const full = requested(...Array.from({ length: REQUESTS_MAX }, (_, i) => `https://a.test/${i}`));
  expect(full.requests).toHaveLength(REQUESTS_MAX);
  expect(applyQueueCommand(full, { type: "request.add", link: { url: "https://a.test/more" }, requestedBy: ann, at: 1 }, context())).toEqual({
    ok: false,
    code: "requests_full",
    message: `The request list is full (${REQUESTS_MAX} pending). Try again once the host has gone through it.`,
  });
  // A dismissed request makes room again.
  const roomy = ok(full, { type: "request.dismiss", requestId: full.requests[0]!.id });
  expect(ok(roomy, { type: "request.add", link: { url: "https://a.test/more" }, requestedBy: ann, at: 1 }).requests).toHaveLength(REQUESTS_MAX);
});

test("accepting a request puts it at the front of the queue (it plays next) and takes it off the list", () => {
  const ctx = context();
  let queue = ok(emptyQueue(), { type: "queue.add", items: [{ url: "https://a.test/queued", title: "Queued" }] }, ctx);
  queue = ok(queue, { type: "request.add", link: { url: "https://a.test/wish", title: "Wish" }, requestedBy: ann, at: 5 }, ctx);
  queue = ok(queue, { type: "request.add", link: { url: "https://a.test/other" }, requestedBy: ben, at: 6 }, ctx);
  const wish = queue.requests[0]!;
  const accepted = ok(queue, { type: "request.accept", requestId: wish.id }, ctx);
  expect(accepted.items.map((i) => i.title)).toEqual(["Wish", "Queued"]);
  expect(accepted.items[0]!.url).toBe("https://a.test/wish");
  expect(accepted.items[0]!.id).not.toBe(wish.id);
  expect(accepted.requests.map((r) => r.url)).toEqual(["https://a.test/other"]);
  // Accepted once: a second accept finds nothing.
  expect(applyQueueCommand(accepted, { type: "request.accept", requestId: wish.id }, ctx)).toEqual({ ok: false, code: "request_not_found", message: "That request is no longer pending." });
});

test("accepting into a full queue is refused and changes nothing", () => {
  const ctx = context();
  let queue = ok(emptyQueue(), { type: "queue.add", items: Array.from({ length: QUEUE_MAX_ITEMS }, (_, i) => ({ url: `https://a.test/${i}` })) }, ctx);
  queue = ok(queue, { type: "request.add", link: { url: "https://a.test/wish" }, requestedBy: ann, at: 5 }, ctx);
  expect(applyQueueCommand(queue, { type: "request.accept", requestId: queue.requests[0]!.id }, ctx)).toEqual({
    ok: false,
    code: "queue_full",
    message: `The queue is full (${QUEUE_MAX_ITEMS} items). Remove some before accepting requests.`,
  });
  expect(queue.requests).toHaveLength(1);
});

test("a request the party can no longer play (its media changed) is refused on accept, not queued", () => {
  const queue = requested("https://other-site.test/a");
  const strict: QueueContext = { ...context(), accept: () => ({ ok: false, message: "Only YouTube and TikTok video links can be queued in this party." }) };
  expect(applyQueueCommand(queue, { type: "request.accept", requestId: queue.requests[0]!.id }, strict)).toMatchObject({ ok: false, code: "unsupported_link" });
});

test("dismissing removes just that request; an unknown one is not found", () => {
  const queue = requested("https://a.test/1", "https://a.test/2");
  const [first, second] = queue.requests;
  expect(ok(queue, { type: "request.dismiss", requestId: first!.id }).requests).toEqual([second]);
  expect(applyQueueCommand(queue, { type: "request.dismiss", requestId: "nope" }, context())).toMatchObject({ ok: false, code: "request_not_found" });
});

test("music mode is a queue setting, off by default; changing another setting leaves it alone", () => {
  expect(emptyQueue().settings.musicMode).toBe(false);
  const on = ok(emptyQueue(), { type: "queue.settings", settings: { musicMode: true } });
  expect(on.settings.musicMode).toBe(true);
  // The command's settings carry only what the host changed (no defaults filled in that would undo music mode).
  const parsed = queueSettingsCommandSchema.parse({ v: 1, type: "queue.settings", settings: { autoplayTiktok: false } });
  expect(parsed.settings).toEqual({ autoplayTiktok: false });
  expect(ok(on, { type: "queue.settings", settings: parsed.settings }).settings).toMatchObject({ musicMode: true, autoplayTiktok: false });
});

test("a queue logged before music mode and requests still parses, with both defaulted", () => {
  const old = { items: [], settings: { autoplayYoutube: true, autoplayTiktok: true, intermissionSeconds: 0 }, start: null };
  expect(queueStateSchema.parse(old)).toEqual(emptyQueue());
  expect(withQueueDefaults(old)).toEqual(emptyQueue());
  const event = parseServerEvent({ v: 1, type: "queue", queue: old });
  expect(event.ok && event.value.type === "queue" && event.value.queue).toEqual(emptyQueue());
});

test("request commands on the wire: a link with an optional title; accept and dismiss name a request", () => {
  expect(parseClientCommand({ v: 1, type: "request.add", url: " https://youtu.be/aaaaaaaaaaa ", title: " Song " })).toEqual({
    ok: true,
    value: { v: 1, type: "request.add", url: "https://youtu.be/aaaaaaaaaaa", title: "Song" },
  });
  expect(parseClientCommand({ v: 1, type: "request.add", url: "  " })).toMatchObject({ ok: false, message: "url: Paste a link to add." });
  expect(parseClientCommand({ v: 1, type: "request.add", url: "https://a.test", title: "x".repeat(301) })).toMatchObject({ ok: false, message: "title: Titles are at most 300 characters." });
  expect(parseClientCommand({ v: 1, type: "request.accept", requestId: "" })).toMatchObject({ ok: false });
  expect(parseClientCommand({ v: 1, type: "request.dismiss", requestId: "r1" })).toMatchObject({ ok: true });
});

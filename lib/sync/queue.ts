/**
 * A live party's queue: what plays after the current media ("Up next"), the marathon settings, and
 * the pure rules that change it. The server folds host commands through `applyQueueCommand` and
 * publishes the whole (bounded) queue in a `queue` event; every replica and late joiner gets the same
 * state from the party's log and snapshot.
 *
 * Marathon: when the current item ends, the host's player asks for the next one (`queue.next`); the
 * server makes it the party's media and sets `start` — the server time at which it should start
 * playing (now, or after the intermission) — and the host's room starts it then. Autoplay is per
 * platform (Autoplay YouTube, Autoplay TikTok): without it the next item waits for the host.
 *
 * Requests (a DJ room's): any member may ask for a track by link; the request waits in a bounded list
 * beside the queue until the host accepts it (it then plays next, ahead of the queue) or dismisses it.
 */
import { z } from "zod";
import { safeText } from "./safe-text";

/** Most items a queue holds (a marathon's worth; keeps every `queue` event small). */
export const QUEUE_MAX_ITEMS = 100;
/** Longest intermission between items, in seconds. */
export const INTERMISSION_MAX_SECONDS = 120;
export const QUEUE_TITLE_MAX = 300;
/** Longest discussion break (a poll's winning break, extended by the host), in seconds. */
export const BREAK_MAX_SECONDS = 3 * 60 * 60;

const id = z.string().min(1).max(64);

export const queueItemSchema = z.object({
  id,
  url: z.url({ protocol: /^https?$/ }).max(2048),
  title: z.string().max(QUEUE_TITLE_MAX),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

const settingsShape = {
  autoplayYoutube: z.boolean(),
  autoplayTiktok: z.boolean(),
  intermissionSeconds: z.number().int().min(0).max(INTERMISSION_MAX_SECONDS),
  /** Music mode: the room shows an audio-first view (a small player, a big "Now playing", requests up front). */
  musicMode: z.boolean(),
};
/**
 * A host's change to the settings: only the fields it names. No defaults here, or a change of one
 * setting would quietly reset the others.
 */
export const queueSettingsPatchSchema = z.object(settingsShape).partial();
export const queueSettingsSchema = z.object({
  ...settingsShape,
  // Defaulted: logs and peers from before music mode do not carry it.
  musicMode: settingsShape.musicMode.default(false),
});
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

/** Most pending track requests a party keeps (the host accepts or dismisses them). */
export const REQUESTS_MAX = 50;

/** A member's request for a track: a checked link waiting for the host to accept it into the queue or dismiss it. */
export const trackRequestSchema = z.object({
  id,
  url: queueItemSchema.shape.url,
  title: queueItemSchema.shape.title,
  requestedBy: z.object({ userId: id, displayName: z.string().max(100) }),
  /** Server time (ms since the epoch) of the request. */
  at: z.number().nonnegative(),
});
export type TrackRequest = z.infer<typeof trackRequestSchema>;

export const queueStateSchema = z.object({
  items: z.array(queueItemSchema).max(QUEUE_MAX_ITEMS),
  settings: queueSettingsSchema,
  /** The current media should start playing at this server time (ms): set when the queue started it. */
  start: z
    .object({
      mediaId: id,
      at: z.number().nonnegative(),
      /** "break": a discussion break the room voted for (optional: older servers only had intermissions). */
      kind: z.enum(["intermission", "break"]).optional(),
    })
    .nullable(),
  /** A break the room voted for, taken when the marathon next moves on (optional: older servers). */
  pendingBreak: z.object({ seconds: z.number().int().min(1).max(BREAK_MAX_SECONDS) }).nullable().optional(),
  /** Members' pending track requests, oldest first (defaulted: logs from before requests lack it). */
  requests: z.array(trackRequestSchema).max(REQUESTS_MAX).default([]),
});
export type QueueState = z.infer<typeof queueStateSchema>;

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { autoplayYoutube: true, autoplayTiktok: true, intermissionSeconds: 0, musicMode: false };

export function emptyQueue(): QueueState {
  return { items: [], settings: { ...DEFAULT_QUEUE_SETTINGS }, start: null, requests: [] };
}

/**
 * A queue as logged, with the fields added since filled in: a log written before music mode and
 * requests (or an event from an older server on the same bus) folds into a complete state.
 */
export function withQueueDefaults(queue: z.input<typeof queueStateSchema>): QueueState {
  return { ...queue, settings: { ...DEFAULT_QUEUE_SETTINGS, ...queue.settings }, requests: queue.requests ?? [] };
}

/** A link offered to the queue, before it gets an id. */
export const queueLinkSchema = z.object({
  url: safeText("Link").trim().min(1, "Paste a link to add.").max(2048, "That link is too long."),
  title: safeText("Title").trim().max(QUEUE_TITLE_MAX, `Titles are at most ${QUEUE_TITLE_MAX} characters.`).optional(),
});
export type QueueLink = z.infer<typeof queueLinkSchema>;

export type QueueErrorCode =
  | "queue_full"
  | "item_not_found"
  | "unsupported_link"
  | "nothing_next"
  | "stale"
  | "requests_full"
  | "request_not_found"
  | "already_requested";

export type QueueResult =
  | { ok: true; queue: QueueState; /** The item to make the party's media now. */ play?: QueueItem; /** Start it at once (not after the intermission). */ immediate?: boolean }
  | { ok: false; code: QueueErrorCode; message: string };

export type QueueOperation =
  | { type: "queue.add"; items: QueueLink[] }
  | { type: "queue.remove"; itemId: string }
  | { type: "queue.move"; itemId: string; index: number }
  | { type: "queue.play"; itemId: string }
  | { type: "queue.next"; fromMediaId: string; auto: boolean }
  | { type: "queue.settings"; settings: Partial<QueueSettings> }
  | { type: "request.add"; link: QueueLink; requestedBy: TrackRequest["requestedBy"]; at: number }
  | { type: "request.accept"; requestId: string }
  | { type: "request.dismiss"; requestId: string };

export interface QueueContext {
  /** The party's current media id (a `queue.next` for another media is stale: someone advanced already). */
  mediaId: string;
  newId(): string;
  /** Normalizes a link, or explains why this party cannot take it. */
  accept(link: QueueLink): { ok: true; url: string; title: string } | { ok: false; message: string };
}

const fail = (code: QueueErrorCode, message: string): QueueResult => ({ ok: false, code, message });
const NOT_FOUND = "That item is no longer in the queue.";
const REQUEST_NOT_FOUND = "That request is no longer pending.";

export function applyQueueCommand(queue: QueueState, op: QueueOperation, ctx: QueueContext): QueueResult {
  switch (op.type) {
    case "queue.add": {
      if (queue.items.length + op.items.length > QUEUE_MAX_ITEMS) {
        const room = QUEUE_MAX_ITEMS - queue.items.length;
        return fail(
          "queue_full",
          room <= 0
            ? `The queue is full (${QUEUE_MAX_ITEMS} items). Remove some before adding more.`
            : `The queue has room for ${room} more item${room === 1 ? "" : "s"} (at most ${QUEUE_MAX_ITEMS}).`,
        );
      }
      const added: QueueItem[] = [];
      for (const [index, link] of op.items.entries()) {
        const accepted = ctx.accept(link);
        // All or nothing: one bad link rejects the whole batch, naming it.
        if (!accepted.ok) return fail("unsupported_link", op.items.length > 1 ? `Item ${index + 1}: ${accepted.message}` : accepted.message);
        added.push({ id: ctx.newId(), url: accepted.url, title: accepted.title });
      }
      return { ok: true, queue: { ...queue, items: [...queue.items, ...added] } };
    }
    case "queue.remove": {
      if (!queue.items.some((item) => item.id === op.itemId)) return fail("item_not_found", NOT_FOUND);
      return { ok: true, queue: { ...queue, items: queue.items.filter((item) => item.id !== op.itemId) } };
    }
    case "queue.move": {
      const from = queue.items.findIndex((item) => item.id === op.itemId);
      if (from === -1) return fail("item_not_found", NOT_FOUND);
      const items = [...queue.items];
      const [item] = items.splice(from, 1);
      items.splice(Math.max(0, Math.min(items.length, op.index)), 0, item!);
      return { ok: true, queue: { ...queue, items } };
    }
    case "queue.play": {
      const item = queue.items.find((i) => i.id === op.itemId);
      if (!item) return fail("item_not_found", NOT_FOUND);
      return { ok: true, queue: { ...queue, items: queue.items.filter((i) => i.id !== op.itemId) }, play: item, immediate: true };
    }
    case "queue.next": {
      if (op.fromMediaId !== ctx.mediaId) return fail("stale", "The party has already moved on to another video.");
      const [item, ...rest] = queue.items;
      if (!item) return fail("nothing_next", "The queue is empty.");
      return { ok: true, queue: { ...queue, items: rest }, play: item, immediate: !op.auto };
    }
    case "queue.settings":
      return { ok: true, queue: { ...queue, settings: { ...queue.settings, ...op.settings } } };
    case "request.add": {
      const accepted = ctx.accept(op.link);
      if (!accepted.ok) return fail("unsupported_link", accepted.message);
      if (queue.requests.length >= REQUESTS_MAX) {
        return fail("requests_full", `The request list is full (${REQUESTS_MAX} pending). Try again once the host has gone through it.`);
      }
      if (queue.requests.some((request) => request.url === accepted.url)) return fail("already_requested", "That track has already been requested.");
      const request: TrackRequest = { id: ctx.newId(), url: accepted.url, title: accepted.title, requestedBy: op.requestedBy, at: op.at };
      return { ok: true, queue: { ...queue, requests: [...queue.requests, request] } };
    }
    case "request.accept": {
      const request = queue.requests.find((r) => r.id === op.requestId);
      if (!request) return fail("request_not_found", REQUEST_NOT_FOUND);
      if (queue.items.length >= QUEUE_MAX_ITEMS) {
        return fail("queue_full", `The queue is full (${QUEUE_MAX_ITEMS} items). Remove some before accepting requests.`);
      }
      // Checked again: the party may have moved to media whose queue takes other links.
      const accepted = ctx.accept({ url: request.url, title: request.title });
      if (!accepted.ok) return fail("unsupported_link", accepted.message);
      // Accepted requests play next: ahead of everything already queued.
      const item: QueueItem = { id: ctx.newId(), url: accepted.url, title: accepted.title };
      return { ok: true, queue: { ...queue, items: [item, ...queue.items], requests: queue.requests.filter((r) => r.id !== op.requestId) } };
    }
    case "request.dismiss": {
      if (!queue.requests.some((r) => r.id === op.requestId)) return fail("request_not_found", REQUEST_NOT_FOUND);
      return { ok: true, queue: { ...queue, requests: queue.requests.filter((r) => r.id !== op.requestId) } };
    }
  }
}

/** When the queue starts `mediaId` (just made the party's media) at server time `now`. */
export function startOf(queue: QueueState, mediaId: string, now: number, immediate: boolean): QueueState["start"] {
  return { mediaId, at: immediate ? now : now + queue.settings.intermissionSeconds * 1000 };
}

/** Whether the marathon moves on to `item` by itself (the per-platform autoplay toggles). */
export function autoplays(settings: QueueSettings, platform: "youtube" | "tiktok" | null): boolean {
  if (platform === "youtube") return settings.autoplayYoutube;
  if (platform === "tiktok") return settings.autoplayTiktok;
  return false;
}

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
 */
import { z } from "zod";
import { safeText } from "../schemas/common";

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

export const queueSettingsSchema = z.object({
  autoplayYoutube: z.boolean(),
  autoplayTiktok: z.boolean(),
  intermissionSeconds: z.number().int().min(0).max(INTERMISSION_MAX_SECONDS),
});
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

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
});
export type QueueState = z.infer<typeof queueStateSchema>;

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { autoplayYoutube: true, autoplayTiktok: true, intermissionSeconds: 0 };

export function emptyQueue(): QueueState {
  return { items: [], settings: { ...DEFAULT_QUEUE_SETTINGS }, start: null };
}

/** A link offered to the queue, before it gets an id. */
export const queueLinkSchema = z.object({
  url: safeText("Link").trim().min(1, "Paste a link to add.").max(2048, "That link is too long."),
  title: safeText("Title").trim().max(QUEUE_TITLE_MAX, `Titles are at most ${QUEUE_TITLE_MAX} characters.`).optional(),
});
export type QueueLink = z.infer<typeof queueLinkSchema>;

export type QueueErrorCode = "queue_full" | "item_not_found" | "unsupported_link" | "nothing_next" | "stale";

export type QueueResult =
  | { ok: true; queue: QueueState; /** The item to make the party's media now. */ play?: QueueItem; /** Start it at once (not after the intermission). */ immediate?: boolean }
  | { ok: false; code: QueueErrorCode; message: string };

export type QueueOperation =
  | { type: "queue.add"; items: QueueLink[] }
  | { type: "queue.remove"; itemId: string }
  | { type: "queue.move"; itemId: string; index: number }
  | { type: "queue.play"; itemId: string }
  | { type: "queue.next"; fromMediaId: string; auto: boolean }
  | { type: "queue.settings"; settings: Partial<QueueSettings> };

export interface QueueContext {
  /** The party's current media id (a `queue.next` for another media is stale: someone advanced already). */
  mediaId: string;
  newId(): string;
  /** Normalizes a link, or explains why this party cannot take it. */
  accept(link: QueueLink): { ok: true; url: string; title: string } | { ok: false; message: string };
}

const fail = (code: QueueErrorCode, message: string): QueueResult => ({ ok: false, code, message });
const NOT_FOUND = "That item is no longer in the queue.";

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

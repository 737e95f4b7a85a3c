import "server-only";
/**
 * A live party's state on this instance: a replica built by folding the party's log in order, plus
 * the SSE connections this instance serves for it. Every instance folds the same log, so replicas
 * agree; commands are computed from the replica and appended to the log.
 */
import {
  applyPollEntry,
  foldPartyEvent,
  initialPartyState,
  PROTOCOL_VERSION,
  type ChatMessage,
  type ChatReport,
  type LivePartyState,
  type Media,
  type MemberRef,
  type ModerationState,
  type PartyEvent,
  type PartyMeta,
  type PlaybackState,
  type PollRecord,
  type QueueState,
  type RecordingState,
  type Role,
  type RosterMember,
  type SnapshotEvent,
  type Stroke,
} from "@/lib/sync";
import { observeDelivery } from "@/lib/server/metrics/metrics";
import { compareEventIds, loggedEvent, type LoggedEvent, type VoiceSignalEvent } from "./bus";
import { sseFrame } from "./sse-frames";
import type { DurableEvent } from "./durable-events";
import type { MemberProfile } from "./roster";

/**
 * Upper bound of an encoded snapshot. It follows from the other bounds: the drawing (DRAWING_MAX_POINTS
 * rounded points, DRAWING_MAX_STROKES strokes), CHAT_HISTORY messages of at most CHAT_MAX characters,
 * the roster (ROSTER_MAX names) and who watches an ad (as many), the queue (QUEUE_MAX_ITEMS links) and its pending requests (REQUESTS_MAX links), voice (its bounded lists), and the party's
 * bounded texts; tests/unit/realtime-room.test.ts builds the worst case of each (about 1.25 MiB).
 */
export const SNAPSHOT_MAX_BYTES = 1.5 * 1024 * 1024;

export interface StreamSubscriber {
  push(event: LoggedEvent): void;
  /** A frame for this stream alone, outside the log (a voice signal); absent: the subscriber takes none (a recorder). */
  send?(frame: Uint8Array): void;
  close(): void;
  /** Whose stream this is (a `member.removed` event closes that member's streams). */
  memberId?: string;
}

export class Room {
  private current: LivePartyState;
  /** The latest poll with its ballots (server only; the state and the streams get its public state). */
  poll: PollRecord | null = null;
  /**
   * Called while folding a `recording` event, before it is fanned out: the instance that records
   * attaches its recorder here, so the recorder's first entry is the first event after the start.
   */
  onRecording?: (recording: RecordingState | null) => void;
  /** When each member last chatted (slow mode), folded from `chat` events. */
  readonly lastChatAt = new Map<string, number>();
  lastEventId: string | null = null;
  readonly subscribers = new Set<StreamSubscriber>();
  /** Open streams per member on this instance. */
  readonly localMembers = new Map<string, number>();
  /** Names of the members with an open stream on this instance. */
  readonly localProfiles = new Map<string, MemberProfile>();
  /** Called once, after the replica folded the party's ENDED state and fanned it out. */
  onEnded?: () => void;
  /** Called after a poll entry changed the poll (the instance arms the poll's deadline). */
  onPoll?: () => void;
  /** Called after a `moderation` event (the instance starts or stops reading Twitch chat votes). */
  onModeration?: () => void;
  /** Called after a `party` event named a new host (the instance recounts its presence: who is host changed). */
  onHostChanged?: () => void;
  /** Resolves waiters once the replica has folded a given event id. */
  private readonly foldWaiters = new Set<{ id: string; resolve: () => void }>();

  constructor(meta: PartyMeta, playback: PlaybackState) {
    this.current = initialPartyState(meta, playback);
  }

  /**
   * The party's shared state, folded from the log by the reducer every member's session runs too
   * (lib/sync/live-party-state.ts), so a late joiner's snapshot holds what members saw live.
   */
  get state(): LivePartyState {
    return this.current;
  }

  get meta(): PartyMeta {
    return this.state.party;
  }

  get playback(): PlaybackState {
    return this.state.playback;
  }

  /** The latest CHAT_HISTORY messages, oldest first. */
  get chat(): readonly ChatMessage[] {
    return this.state.chat;
  }

  get strokes(): readonly Stroke[] {
    return this.state.strokes;
  }

  /** "Up next" and the marathon settings. */
  get queue(): QueueState {
    return this.state.queue;
  }

  get members(): number {
    return this.state.members;
  }

  get hostOnline(): boolean {
    return this.state.hostOnline;
  }

  /** Who is here, by name (bounded), from the `presence` events that carried a new roster. */
  get roster(): readonly RosterMember[] {
    return this.state.roster ?? [];
  }

  /** Muted members, slow mode, lock. */
  get moderation(): ModerationState {
    return this.state.moderation;
  }

  /** Chat reports (bounded); only the host and each reporter see them. */
  get reports(): readonly ChatReport[] {
    return this.state.reports;
  }

  /** The recording in progress (null: none). */
  get recording(): RecordingState | null {
    return this.state.recording;
  }

  /** Who is watching an ad (bounded); those who leave drop out. */
  get ads(): readonly MemberRef[] {
    return this.state.ads;
  }

  get id(): string {
    return this.meta.id;
  }

  get media(): Media {
    return this.meta.media;
  }

  get ended(): boolean {
    return this.meta.state === "ENDED";
  }

  /**
   * Folds a saved event (durable-events.ts) into a replica being built, before the bus's log: no id,
   * no fan-out (nobody subscribes yet). The log's events fold after it; a chat message or report in
   * both is held once (the fold deduplicates them by id), a later moderation or queue state replaces it.
   */
  restore(event: DurableEvent): void {
    this.current = foldPartyEvent(this.current, event);
    if (event.type === "chat") this.lastChatAt.set(event.message.userId, event.message.at);
  }

  /** Folds one logged event into the replica and fans it out; events already seen are ignored. */
  apply(logged: LoggedEvent): void {
    if (this.lastEventId !== null && compareEventIds(logged.id, this.lastEventId) <= 0) return;
    const startedAt = Date.now();
    this.lastEventId = logged.id;
    const event = logged.event;
    const wasEnded = this.ended;
    const hostBefore = this.meta.hostUserId;
    if (event.type === "poll.entry") {
      this.applyPollEntry(logged.id, event.entry);
      this.resolveFoldWaiters();
      return;
    }
    this.current = foldPartyEvent(this.current, event);
    if (event.type === "chat.report") {
      // A report names its reporter: the host's streams and the reporter's own get it, nobody else.
      for (const subscriber of this.subscribers) {
        if (subscriber.memberId === this.meta.hostUserId || subscriber.memberId === event.report.reporterId) subscriber.push(logged);
      }
      this.resolveFoldWaiters();
      return;
    }
    if (event.type === "chat") this.lastChatAt.set(event.message.userId, event.message.at);
    else if (event.type === "queue") this.noteRequestTimes(event.queue.requests);
    else if (event.type === "moderation") this.onModeration?.();
    else if (event.type === "recording") this.onRecording?.(event.recording);
    for (const subscriber of this.subscribers) subscriber.push(logged);
    if (this.subscribers.size > 0) observeDelivery(logged.id, startedAt);
    if (event.type === "member.removed") {
      // The removed member's streams get the event, then close (a reconnect is refused: 403).
      for (const subscriber of [...this.subscribers]) if (subscriber.memberId === event.memberId) subscriber.close();
    }
    this.resolveFoldWaiters();
    if (this.meta.hostUserId !== hostBefore) this.onHostChanged?.();
    if (!wasEnded && this.ended) this.onEnded?.();
  }

  /**
   * A voice signal from the bus: written to its `to` member's streams on this instance, and nobody
   * else's. An id-less frame, so it moves no stream's Last-Event-ID: a resume neither repeats it nor
   * skips a logged event for it.
   */
  deliverSignal(event: VoiceSignalEvent): void {
    let frame: Uint8Array | undefined;
    for (const subscriber of this.subscribers) {
      if (subscriber.memberId !== event.to || !subscriber.send) continue;
      frame ??= sseFrame(null, event);
      subscriber.send(frame);
    }
  }

  /**
   * A track request carries a title every member sees, so slow mode counts it as a message: the
   * newest request of each member stamps their last message time, as a chat message does.
   */
  private noteRequestTimes(requests: readonly { requestedBy: { userId: string }; at: number }[] | undefined): void {
    for (const request of requests ?? []) {
      const last = this.lastChatAt.get(request.requestedBy.userId);
      if (last === undefined || request.at > last) this.lastChatAt.set(request.requestedBy.userId, request.at);
    }
  }

  /**
   * A poll entry: folded into the record here; the state and the streams get the poll's public
   * state (no voter ids), under the same event id.
   */
  private applyPollEntry(id: string, entry: Parameters<typeof applyPollEntry>[1]): void {
    const next = applyPollEntry(this.poll, entry, id);
    if (next === this.poll || !next) return;
    this.poll = next;
    const event: PartyEvent = { v: PROTOCOL_VERSION, type: "poll", poll: next.poll };
    this.current = foldPartyEvent(this.current, event);
    const publicEvent = loggedEvent(id, event);
    for (const subscriber of this.subscribers) subscriber.push(publicEvent);
    this.onPoll?.();
  }

  /** Resolves true once this replica has folded event `id` (or a later one); false after `timeoutMs`. */
  folded(id: string, timeoutMs: number): Promise<boolean> {
    if (this.lastEventId !== null && compareEventIds(this.lastEventId, id) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        id,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.foldWaiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.foldWaiters.add(waiter);
    });
  }

  private resolveFoldWaiters(): void {
    if (this.foldWaiters.size === 0 || this.lastEventId === null) return;
    for (const waiter of this.foldWaiters) {
      if (compareEventIds(this.lastEventId, waiter.id) >= 0) {
        this.foldWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /** The role comes from the replica, not from when the stream opened: the host role can be handed over. */
  snapshotFor(you: { userId: string; displayName: string }, serverTime: number): SnapshotEvent {
    const role: Role = you.userId === this.meta.hostUserId ? "host" : "guest";
    return {
      v: PROTOCOL_VERSION,
      type: "snapshot",
      party: this.meta,
      playback: this.playback,
      members: this.members,
      hostOnline: this.hostOnline,
      chat: [...this.chat],
      strokes: [...this.strokes],
      role,
      you,
      serverTime,
      queue: this.queue,
      roster: [...this.roster],
      poll: this.state.poll,
      pollVote: this.poll?.ballots[you.userId]?.option ?? null,
      moderation: this.moderation,
      reports: role === "host" ? [...this.reports] : this.reports.filter((r) => r.reporterId === you.userId),
      recording: this.recording,
      ads: [...this.ads],
      voice: this.state.voice,
    };
  }
}

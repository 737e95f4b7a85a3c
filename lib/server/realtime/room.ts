import "server-only";
/**
 * A live party's state on this instance: a replica built by folding the party's log in order, plus
 * the SSE connections this instance serves for it. Every instance folds the same log, so replicas
 * agree; commands are computed from the replica and appended to the log.
 */
import {
  addChatReport,
  type ChatReport,
  appendStroke,
  applyPollEntry,
  type PollRecord,
  emptyModeration,
  type ModerationState,
  emptyQueue,
  PROTOCOL_VERSION,
  withQueueDefaults,
  type QueueState,
  type RecordingState,
  type ChatMessage,
  type Media,
  type PartyMeta,
  type PlaybackState,
  type MemberRef,
  presentMembers,
  withMemberReport,
  withoutMember,
  type Role,
  type RosterMember,
  type SnapshotEvent,
  type Stroke,
} from "@/lib/sync";
import { compareEventIds, loggedEvent, type LoggedEvent } from "./bus";
import type { MemberProfile } from "./roster";

/** Chat a late joiner sees in its snapshot. */
export const CHAT_HISTORY = 50;
/**
 * Upper bound of an encoded snapshot. It follows from the other bounds: the drawing (DRAWING_MAX_POINTS
 * rounded points, DRAWING_MAX_STROKES strokes), CHAT_HISTORY messages of at most CHAT_MAX characters,
 * the roster (ROSTER_MAX names) and who watches an ad (as many), the queue (QUEUE_MAX_ITEMS links) and its pending requests (REQUESTS_MAX links), and the party's
 * bounded texts; tests/unit/realtime-room.test.ts builds the worst case of each (about 1.25 MiB).
 */
export const SNAPSHOT_MAX_BYTES = 1.5 * 1024 * 1024;

export interface StreamSubscriber {
  push(event: LoggedEvent): void;
  close(): void;
  /** Whose stream this is (a `member.removed` event closes that member's streams). */
  memberId?: string;
}

export class Room {
  meta: PartyMeta;
  playback: PlaybackState;
  chat: ChatMessage[] = [];
  strokes: Stroke[] = [];
  /** "Up next" and the marathon settings, folded from `queue` events like everything else. */
  queue: QueueState = emptyQueue();
  /** The latest poll with its ballots (server only; streams get its public state). */
  poll: PollRecord | null = null;
  members = 0;
  hostOnline = false;
  /** Who is here, by name (bounded), folded from `presence` events that carry a new one. */
  roster: RosterMember[] = [];
  /** Muted members, slow mode, lock: folded from `moderation` events. */
  moderation: ModerationState = emptyModeration();
  /** Chat reports (bounded), folded from `chat.report` events; only the host and each reporter see them. */
  reports: readonly ChatReport[] = [];
  /** The recording in progress (null: none), folded from `recording` events. */
  recording: RecordingState | null = null;
  /** Who is watching an ad (bounded), folded from `member.ad` events; those who leave drop out. */
  ads: MemberRef[] = [];
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
    this.meta = meta;
    this.playback = playback;
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

  /** Folds one logged event into the replica and fans it out; events already seen are ignored. */
  apply(logged: LoggedEvent): void {
    if (this.lastEventId !== null && compareEventIds(logged.id, this.lastEventId) <= 0) return;
    this.lastEventId = logged.id;
    const event = logged.event;
    const wasEnded = this.ended;
    const hostBefore = this.meta.hostUserId;
    if (event.type === "poll.entry") {
      this.applyPollEntry(logged.id, event.entry);
      this.resolveFoldWaiters();
      return;
    }
    if (event.type === "chat.report") {
      // A report names its reporter: the host's streams and the reporter's own get it, nobody else.
      this.reports = addChatReport(this.reports, event.report);
      for (const subscriber of this.subscribers) {
        if (subscriber.memberId === this.meta.hostUserId || subscriber.memberId === event.report.reporterId) subscriber.push(logged);
      }
      this.resolveFoldWaiters();
      return;
    }
    switch (event.type) {
      case "playback":
        this.playback = event.state;
        break;
      case "party":
        this.meta = event.party;
        break;
      case "chat":
        this.chat.push(event.message);
        this.lastChatAt.set(event.message.userId, event.message.at);
        if (this.chat.length > CHAT_HISTORY) this.chat.splice(0, this.chat.length - CHAT_HISTORY);
        break;
      case "draw.stroke":
        this.strokes = appendStroke(this.strokes, event.stroke);
        break;
      case "draw.clear":
        this.strokes = [];
        break;
      case "queue":
        // The log is not re-parsed on the way in (Redis): an older server's event lacks newer fields.
        this.queue = withQueueDefaults(event.queue);
        break;
      case "moderation":
        this.moderation = event.moderation;
        this.onModeration?.();
        break;
      case "recording":
        this.recording = event.recording;
        this.onRecording?.(event.recording);
        break;
      case "presence":
        this.members = event.members;
        this.hostOnline = event.hostOnline;
        if (event.roster) this.roster = event.roster;
        if (event.roster) this.ads = presentMembers(this.ads, event.roster);
        break;
      case "member.ad":
        this.ads = withMemberReport(this.ads, event, event.on);
        break;
      case "member.removed":
        this.ads = withoutMember(this.ads, event.memberId);
        break;
    }
    for (const subscriber of this.subscribers) subscriber.push(logged);
    if (event.type === "member.removed") {
      // The removed member's streams get the event, then close (a reconnect is refused: 403).
      for (const subscriber of [...this.subscribers]) if (subscriber.memberId === event.memberId) subscriber.close();
    }
    this.resolveFoldWaiters();
    if (this.meta.hostUserId !== hostBefore) this.onHostChanged?.();
    if (!wasEnded && this.ended) this.onEnded?.();
  }

  /** A poll entry: folded here; the streams get the poll's public state (no voter ids), same event id. */
  private applyPollEntry(id: string, entry: Parameters<typeof applyPollEntry>[1]): void {
    const next = applyPollEntry(this.poll, entry, id);
    if (next === this.poll || !next) return;
    this.poll = next;
    const publicEvent = loggedEvent(id, { v: PROTOCOL_VERSION, type: "poll", poll: next.poll });
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
      poll: this.poll?.poll ?? null,
      pollVote: this.poll?.ballots[you.userId]?.option ?? null,
      moderation: this.moderation,
      reports: role === "host" ? [...this.reports] : this.reports.filter((r) => r.reporterId === you.userId),
      recording: this.recording,
      ads: [...this.ads],
    };
  }
}

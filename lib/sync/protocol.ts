/**
 * The wire protocol of a live party, shared by the server (route handlers, SSE), the website and the
 * browser extension. Every message carries `v: PROTOCOL_VERSION` so an old extension talking to a new
 * server fails loudly ("unsupported_version") instead of misreading a field.
 *
 * Imports inside lib/sync stay relative: the extension bundles this folder and its own `@/` alias
 * points at the extension, not at the repository root.
 */
import { z } from "zod";
import { CHAT_MAX } from "./limits";
import { safeText } from "./safe-text";
import { chatReportSchema } from "./chat-report";
import { moderationStateSchema } from "./moderation-state";
import { pollOpenInputSchema, pollSchema } from "./poll";
import { QUEUE_MAX_ITEMS, queueLinkSchema, queueSettingsPatchSchema, queueStateSchema } from "./queue";
import { recordingStateSchema, recordingStopSchema } from "./recording-state";
import { VOICE_JOIN_MODES, voiceSignalSchema, voiceStateSchema } from "./voice-state";

/**
 * Bumped only for changes an older peer would misread. Additions stay on 1: the queue (a `queue`
 * event, an optional snapshot field, `queue.*` commands) and its later fields (music mode, track
 * requests and the `request.*` commands, all defaulted when absent), and polls (a `poll` event,
 * optional snapshot fields, `poll.*` and `break.*` commands), chat reports (a `chat.report` event
 * and command, an optional snapshot field) and ads (a `member.ad` event, an `ad` command, an optional
 * snapshot field), and the host's buffered horizon (an optional playback state and command field, a
 * `horizon` command) and voice (`voice` and `voice.signal` events, `voice.*` commands, an optional
 * snapshot field: lib/sync/voice-state.ts) are ignored by older extensions, whose parsers skip unknown events and strip
 * unknown fields.
 */
export const PROTOCOL_VERSION = 1;
/** Longest chat message, in characters (code points) after trimming (lib/sync/limits.ts). */
export { CHAT_MAX };
/** Playback rates the HTML5 media element accepts in Chromium and Firefox. */
export const MIN_RATE = 0.0625;
export const MAX_RATE = 16;
/** Upper bound of a media position in seconds (~115 days): room for long live streams, not for garbage. */
export const MAX_POSITION = 10_000_000;
/** Longest media link, in characters (the same bound as a party's video_url). */
export const MEDIA_URL_MAX = 2048;
export const STROKE_MAX_POINTS = 2000;
/**
 * The drawing on screen is bounded, so a late joiner's snapshot stays small however long the host
 * draws: at most this many strokes and this many points in all; the oldest strokes go first.
 */
export const DRAWING_MAX_STROKES = 500;
export const DRAWING_MAX_POINTS = 20_000;
/** Coordinates are kept to 4 decimals: 1/10 000 of the video box is far below a pixel on any screen. */
export const COORDINATE_DECIMALS = 4;
const COORDINATE_SCALE = 10 ** COORDINATE_DECIMALS;

const version = z.literal(PROTOCOL_VERSION);
const id = z.string().min(1).max(64);
/** Milliseconds; server times are epoch-based, client times are whatever monotonic clock the client uses. */
const millis = z.number();
const position = z.number().min(0).max(MAX_POSITION);
const rate = z.number().min(MIN_RATE).max(MAX_RATE);
/** Client command id, echoed on the playback event the command caused (lets the host ignore stale echoes). */
const cid = z.number().int().nonnegative();
const unit = z.number().min(0).max(1);

// ---------------------------------------------------------------------------------------------------
// Shared shapes

export const mediaSchema = z.object({
  /** Assigned by the server on every media change; the playback state refers to it. */
  id,
  /** Bounded like a party's video link: every snapshot and party event carries it. */
  url: safeText("url").max(MEDIA_URL_MAX).pipe(z.url({ protocol: /^https?$/ })),
  title: safeText("title").max(300),
  /** Seconds; null for live streams or when the site does not tell. */
  duration: z.number().positive().max(MAX_POSITION).nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/** The host's authoritative playback state: where the host was at server time `at`. */
export const playbackStateSchema = z.object({
  mediaId: id,
  paused: z.boolean(),
  /** Seconds into the media at server time `at`. */
  position,
  rate,
  /** Server time (ms since the epoch) at which `position` held. */
  at: millis.nonnegative(),
  /** Increases by one with every change; lets clients drop stale states. */
  seq: z.number().int().nonnegative(),
  /**
   * Paused because the host's player stalls (buffering), not by a person: whoever holds the host role
   * when it is set resumes playback as soon as their player can.
   */
  stalled: z.literal(true).optional(),
  /**
   * With `stalled`: the host's player is seeking to `position` (a slow seek, e.g. a DRM player's 1.5–3 s).
   * Guests start their own seek now instead of after the host lands, and aim a little past it, since
   * the host plays on from wherever it lands (see DriftController).
   */
  seeking: z.literal(true).optional(),
  /**
   * The host's buffered horizon: the media position (s) up to which its player has data (the end of
   * the buffered range it plays from), as it last reported it. A host stalls because it reached its
   * horizon, so a guest never plays past it: it stops there without waiting for the news of the stall
   * (see DriftController). Absent: unknown (an older host, a player that cannot tell, a live stream),
   * and guests follow the state alone. Updated by the host's `horizon` command without any other change.
   */
  horizon: position.optional(),
});
export type PlaybackState = z.infer<typeof playbackStateSchema>;

export const PARTY_STATES = ["ACTIVE", "AWAITING_RECONNECT", "ENDED"] as const;
export type PartyState = (typeof PARTY_STATES)[number];

export const partyMetaSchema = z.object({
  id,
  state: z.enum(PARTY_STATES),
  title: z.string().max(200),
  hostUserId: id,
  hostDisplayName: z.string().max(100),
  platformDomain: z.string().max(253),
  chatProvider: z.enum(["builtin", "twitch"]),
  /** Twitch channel when chatProvider is "twitch". */
  chatChannel: z.string().max(100).nullable(),
  visibility: z.enum(["public", "private"]),
  /** Streamer mode: guests trail the host by this much so they match the streamer's broadcast. 0 = off. */
  streamerLatencyMs: z.number().int().min(0).max(120_000),
  media: mediaSchema,
});
export type PartyMeta = z.infer<typeof partyMetaSchema>;

export const chatMessageSchema = z.object({
  id,
  userId: id,
  displayName: z.string().max(100),
  text: z.string(),
  /** Server time (ms since the epoch). */
  at: millis.nonnegative(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const strokeSchema = z.object({
  id,
  /** Points as [x, y], each 0..1 relative to the video box (0,0 = top left), so every screen size agrees. */
  points: z.array(z.tuple([unit, unit])).min(1).max(STROKE_MAX_POINTS),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Line width as a fraction of the video box's height. */
  width: z.number().positive().max(0.1),
});
export type Stroke = z.infer<typeof strokeSchema>;

export function roundCoordinate(value: number): number {
  return Math.round(value * COORDINATE_SCALE) / COORDINATE_SCALE;
}

/** A stroke as a client sends it: coordinates are rounded on the way in (fewer bytes to store and fan out). */
const strokeInputSchema = strokeSchema.extend({
  points: strokeSchema.shape.points.transform((points) => points.map(([x, y]) => [roundCoordinate(x), roundCoordinate(y)] as [number, number])),
});

/** The drawing after `stroke` is added: the oldest strokes dropped until it is within the bounds again. */
export function appendStroke(strokes: readonly Stroke[], stroke: Stroke): Stroke[] {
  const next = [...strokes, stroke];
  let points = 0;
  let first = next.length;
  // Walk from the newest stroke back and keep as many as fit (the newest always does: one stroke is within both bounds).
  while (first > 0) {
    const candidate = next[first - 1]!;
    if (next.length - (first - 1) > DRAWING_MAX_STROKES || points + candidate.points.length > DRAWING_MAX_POINTS) break;
    points += candidate.points.length;
    first -= 1;
  }
  return first === 0 ? next : next.slice(first);
}

export const ROLES = ["host", "guest"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is in the party, by name: the members with an open stream, host first, then in the order they
 * arrived. Bounded so a crowd costs the same bytes as a full list: past this many, clients show the
 * count of the rest ("and N more", members − roster length).
 */
export const ROSTER_MAX = 50;
export const rosterMemberSchema = z.object({
  /** The member's id (an account's user id, or a guest's id): what moderation acts on. */
  userId: id,
  displayName: z.string().max(100),
  role: z.enum(ROLES),
  /** A guest (a name only) rather than an account. */
  guest: z.boolean(),
});
export type RosterMember = z.infer<typeof rosterMemberSchema>;
export const rosterSchema = z.array(rosterMemberSchema).max(ROSTER_MAX);
/** A member named in a passing state of theirs (watching an ad): who, and the name to show. */
export const memberRefSchema = z.object({ memberId: id, displayName: z.string().max(100) });
export type MemberRef = z.infer<typeof memberRefSchema>;

// ---------------------------------------------------------------------------------------------------
// Server → client events

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ v: version, type: z.literal(type), ...shape });

export const snapshotEventSchema = event("snapshot", {
  party: partyMetaSchema,
  playback: playbackStateSchema,
  members: z.number().int().nonnegative(),
  hostOnline: z.boolean(),
  /** Recent chat, oldest first. */
  chat: z.array(chatMessageSchema),
  /** The drawing currently on screen, oldest stroke first. */
  strokes: z.array(strokeSchema),
  role: z.enum(ROLES),
  you: z.object({ userId: id, displayName: z.string().max(100) }),
  /** Server time when the snapshot was built: a coarse clock hint until the ping exchange converges. */
  serverTime: millis.nonnegative(),
  /** "Up next" and the marathon settings (optional: servers before the queue do not send it). */
  queue: queueStateSchema.optional(),
  /** Who is here, by name (optional: servers before the roster do not send it). */
  roster: rosterSchema.optional(),
  /** The party's latest poll (optional: servers before polls do not send it). */
  poll: pollSchema.nullable().optional(),
  /** Which option you voted for in that poll (null: none). */
  pollVote: z.number().int().nonnegative().nullable().optional(),
  /** Muted members, slow mode, lock (optional: servers before moderation do not send it). */
  moderation: moderationStateSchema.optional(),
  /** Chat reports: every one for the host, your own for anyone else (optional: older servers). */
  reports: z.array(chatReportSchema).optional(),
  /** The recording in progress, null when none (optional: servers before recordings do not send it). */
  recording: recordingStateSchema.nullable().optional(),
  /** Who is watching an ad now, in the order they started (bounded like the roster; optional: older servers). */
  ads: z.array(memberRefSchema).max(ROSTER_MAX).optional(),
  /** Who is in voice, listening or waiting (optional: servers before voice do not send it). */
  voice: voiceStateSchema.optional(),
});
export const playbackEventSchema = event("playback", { state: playbackStateSchema, cid: cid.optional() });
export const chatEventSchema = event("chat", { message: chatMessageSchema });
export const drawStrokeEventSchema = event("draw.stroke", { stroke: strokeSchema });
export const drawClearEventSchema = event("draw.clear", {});
export const presenceEventSchema = event("presence", {
  members: z.number().int().nonnegative(),
  hostOnline: z.boolean(),
  /** The new roster, sent only when it changed (absent: the previous one still holds). */
  roster: rosterSchema.optional(),
});
export const partyEventSchema = event("party", { party: partyMetaSchema });
/** The party's queue changed (the whole queue: it is bounded and small). */
export const queueEventSchema = event("queue", { queue: queueStateSchema });
/** The party's poll changed: options, live tallies, status and result (never who voted). */
export const pollEventSchema = event("poll", { poll: pollSchema });
/** A member was removed by the host (lib/sync/moderation.ts); older peers skip it. */
export const memberRemovedEventSchema = event("member.removed", {
  memberId: id,
  reason: z.enum(["kick", "ban"]),
});
/** The party's moderation state changed (the whole state: it is bounded). */
export const moderationEventSchema = event("moderation", { moderation: moderationStateSchema });
/** A chat message was reported: only the host's streams and the reporter's own get it. */
export const chatReportEventSchema = event("chat.report", { report: chatReportSchema });
/**
 * Recording started or changed (the state) or stopped (null): lib/sync/recording-state.ts. A recording
 * that stopped by itself (a limit, unrecordable media) says which and why in `stopped`.
 */
export const recordingEventSchema = event("recording", { recording: recordingStateSchema.nullable(), stopped: recordingStopSchema.optional() });
/** A member's player started (on) or stopped buffering for more than a moment; the host is told who. */
export const memberBufferingEventSchema = event("member.buffering", { memberId: id, displayName: z.string().max(100), on: z.boolean() });
/** A member's player started (on) or stopped showing an ad; everyone is told who (the host may pause for it). */
export const memberAdEventSchema = event("member.ad", { ...memberRefSchema.shape, on: z.boolean() });
/** Answer to a ping: the client's t0 echoed, t1 = server receive time, t2 = server send time. */
export const pongEventSchema = event("pong", { t0: millis, t1: millis, t2: millis });
/** The party's voice state changed (whole: it is bounded). */
export const voiceEventSchema = event("voice", { voice: voiceStateSchema });
/**
 * A signalling message from one member in voice to another: sent only to `to`'s streams, never
 * logged (a peer that reconnects negotiates anew), like a pong.
 */
export const voiceSignalEventSchema = event("voice.signal", { from: id, to: id, signal: voiceSignalSchema });

export const serverEventSchema = z.discriminatedUnion("type", [
  snapshotEventSchema,
  playbackEventSchema,
  chatEventSchema,
  drawStrokeEventSchema,
  drawClearEventSchema,
  presenceEventSchema,
  partyEventSchema,
  queueEventSchema,
  pollEventSchema,
  memberRemovedEventSchema,
  moderationEventSchema,
  chatReportEventSchema,
  recordingEventSchema,
  memberBufferingEventSchema,
  memberAdEventSchema,
  pongEventSchema,
  voiceEventSchema,
  voiceSignalEventSchema,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent["type"];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
export type SnapshotEvent = ServerEventOf<"snapshot">;
export type PongEvent = ServerEventOf<"pong">;

// ---------------------------------------------------------------------------------------------------
// Client → server commands

/**
 * Optional on host playback commands: the host's reading of its own player (`position`) and the server
 * time of that reading (`at`, from its clock estimate). Without them the server would stamp the command
 * on arrival and every guest would trail the host by the host's one-way network delay.
 */
const stamp = {
  position: position.optional(),
  at: millis.nonnegative().optional(),
  cid: cid.optional(),
  /** The host's buffered horizon as of this reading (PlaybackState.horizon); absent: unknown. */
  horizon: position.optional(),
};

export const playCommandSchema = event("play", stamp);
/**
 * `stall`: the host's player stalls; the party waits on its frame (see PlaybackState.stalled).
 * `seeking` (with `stall` only): it stalls because it is seeking to `position`.
 */
export const pauseCommandSchema = event("pause", { ...stamp, stall: z.literal(true).optional(), seeking: z.literal(true).optional() });
export const seekCommandSchema = event("seek", { ...stamp, position });
export const rateCommandSchema = event("rate", { ...stamp, rate });
/**
 * The host's buffered horizon moved (its player downloaded more, or dropped data ahead of it), or no
 * longer matters (null: its data comes faster than it plays), while nothing else changed: the state
 * keeps its position and stamp, only `horizon` is replaced. `at` is the reading's time, so a report
 * older than the state in force is dropped like any host command.
 */
export const horizonCommandSchema = event("horizon", { horizon: position.nullable(), at: millis.nonnegative().optional(), cid: cid.optional() });
export const mediaCommandSchema = event("media", {
  url: mediaSchema.shape.url,
  title: mediaSchema.shape.title,
  duration: mediaSchema.shape.duration.optional(),
  cid: cid.optional(),
});
export const drawStrokeCommandSchema = event("draw.stroke", { stroke: strokeInputSchema });
export const drawClearCommandSchema = event("draw.clear", {});
export const chatCommandSchema = event("chat", {
  text: safeText("Message")
    .max(CHAT_MAX * 4) // cheap bound before the trim and the code-point count
    .trim()
    .min(1, "Message is empty")
    .refine((text) => [...text].length <= CHAT_MAX, `Message is longer than ${CHAT_MAX} characters`),
});
export const pingCommandSchema = event("ping", { t0: millis });
/** Any member says their player is buffering (on) or plays again (off). */
export const bufferingCommandSchema = event("buffering", { on: z.boolean() });
/**
 * Any member says their player shows an ad (on) or the media again (off). Apart from buffering: it lasts
 * minutes rather than seconds, the party's policy for it is its own, and an older peer that does not
 * know it skips it rather than calling an ad buffering.
 */
export const adCommandSchema = event("ad", { on: z.boolean() });
/** Any member reports someone else's chat message to the host. */
export const chatReportCommandSchema = event("chat.report", { messageId: id });
/** Queue commands (host only): add links (all or nothing), remove, reorder, play one now, marathon's next, settings. */
export const queueAddCommandSchema = event("queue.add", { items: z.array(queueLinkSchema).min(1, "Add at least one link.").max(QUEUE_MAX_ITEMS) });
export const queueRemoveCommandSchema = event("queue.remove", { itemId: id });
export const queueMoveCommandSchema = event("queue.move", { itemId: id, index: z.number().int().min(0).max(QUEUE_MAX_ITEMS) });
export const queuePlayCommandSchema = event("queue.play", { itemId: id });
/** `fromMediaId`: the media that ended (a late second request is stale); `auto`: the marathon's own advance (intermission applies). */
export const queueNextCommandSchema = event("queue.next", { fromMediaId: id, auto: z.boolean().default(false) });
export const queueSettingsCommandSchema = event("queue.settings", { settings: queueSettingsPatchSchema });
/** Track requests: any member asks for a link (optional title); the host accepts one (it plays next) or dismisses it. */
export const requestAddCommandSchema = event("request.add", queueLinkSchema.shape);
export const requestAcceptCommandSchema = event("request.accept", { requestId: id });
export const requestDismissCommandSchema = event("request.dismiss", { requestId: id });
/** Polls: the host opens, closes early, cancels, picks among tied options; every member votes (and may change it). */
export const pollOpenCommandSchema = event("poll.open", { poll: pollOpenInputSchema });
export const pollVoteCommandSchema = event("poll.vote", { pollId: id, option: z.number().int().min(0).max(63) });
export const pollCloseCommandSchema = event("poll.close", { pollId: id });
export const pollCancelCommandSchema = event("poll.cancel", { pollId: id });
export const pollPickCommandSchema = event("poll.pick", { pollId: id, option: z.number().int().min(0).max(63) });
/** The host skips the discussion break (the next item starts now) or extends it by five minutes. */
export const breakSkipCommandSchema = event("break.skip", {});
export const breakExtendCommandSchema = event("break.extend", {});

/** Join voice (lib/sync/voice-state.ts): speak (409 voice_full when every seat is taken), listen to the host only, or wait for a seat. */
export const voiceJoinCommandSchema = event("voice.join", { mode: z.enum(VOICE_JOIN_MODES).default("speak"), muted: z.boolean().default(false), camera: z.boolean().default(false) });
export const voiceLeaveCommandSchema = event("voice.leave", {});
/** One's own microphone and camera, as the others should show them. */
export const voiceUpdateCommandSchema = event("voice.update", { muted: z.boolean().optional(), camera: z.boolean().optional() });
/** Signalling to another member in voice (409 when either is not in voice). */
export const voiceSignalCommandSchema = event("voice.signal", { to: id, signal: voiceSignalSchema });
/** The host mutes (or unmutes) a member in voice; kept across their leaving and rejoining. */
export const voiceMuteCommandSchema = event("voice.mute", { memberId: id, muted: z.boolean() });
/** The host takes a member out of voice (they may join again; a host mute stays). */
export const voiceRemoveCommandSchema = event("voice.remove", { memberId: id });

export const clientCommandSchema = z.discriminatedUnion("type", [
  playCommandSchema,
  pauseCommandSchema,
  seekCommandSchema,
  rateCommandSchema,
  horizonCommandSchema,
  mediaCommandSchema,
  drawStrokeCommandSchema,
  drawClearCommandSchema,
  chatCommandSchema,
  pingCommandSchema,
  chatReportCommandSchema,
  bufferingCommandSchema,
  adCommandSchema,
  queueAddCommandSchema,
  queueRemoveCommandSchema,
  queueMoveCommandSchema,
  queuePlayCommandSchema,
  queueNextCommandSchema,
  queueSettingsCommandSchema,
  requestAddCommandSchema,
  requestAcceptCommandSchema,
  requestDismissCommandSchema,
  pollOpenCommandSchema,
  pollVoteCommandSchema,
  pollCloseCommandSchema,
  pollCancelCommandSchema,
  pollPickCommandSchema,
  breakSkipCommandSchema,
  breakExtendCommandSchema,
  voiceJoinCommandSchema,
  voiceLeaveCommandSchema,
  voiceUpdateCommandSchema,
  voiceSignalCommandSchema,
  voiceMuteCommandSchema,
  voiceRemoveCommandSchema,
]);
export type ClientCommand = z.infer<typeof clientCommandSchema>;
export type ClientCommandType = ClientCommand["type"];
export type ClientCommandOf<T extends ClientCommandType> = Extract<ClientCommand, { type: T }>;

export const PLAYBACK_COMMAND_TYPES = ["play", "pause", "seek", "rate", "horizon", "media"] as const;
export type PlaybackCommand = ClientCommandOf<(typeof PLAYBACK_COMMAND_TYPES)[number]>;
export const QUEUE_COMMAND_TYPES = ["queue.add", "queue.remove", "queue.move", "queue.play", "queue.next", "queue.settings"] as const;
export type QueueCommand = ClientCommandOf<(typeof QUEUE_COMMAND_TYPES)[number]>;
/** Track requests: `request.add` is any member's; accepting and dismissing are the host's. */
export const REQUEST_COMMAND_TYPES = ["request.add", "request.accept", "request.dismiss"] as const;
export type RequestCommand = ClientCommandOf<(typeof REQUEST_COMMAND_TYPES)[number]>;
export const REQUEST_HOST_COMMAND_TYPES = ["request.accept", "request.dismiss"] as const;
export const POLL_COMMAND_TYPES = ["poll.open", "poll.vote", "poll.close", "poll.cancel", "poll.pick", "break.skip", "break.extend"] as const;
export type PollCommand = ClientCommandOf<(typeof POLL_COMMAND_TYPES)[number]>;
/** Poll commands only the host may send (every member votes). */
export const POLL_HOST_COMMAND_TYPES = ["poll.open", "poll.close", "poll.cancel", "poll.pick", "break.skip", "break.extend"] as const;
export const VOICE_COMMAND_TYPES = ["voice.join", "voice.leave", "voice.update", "voice.signal", "voice.mute", "voice.remove"] as const;
export type VoiceCommand = ClientCommandOf<(typeof VOICE_COMMAND_TYPES)[number]>;
/** Voice commands only the host may send. */
export const VOICE_HOST_COMMAND_TYPES = ["voice.mute", "voice.remove"] as const;
/** Commands only the host may send (everyone else gets 403). */
export const HOST_COMMAND_TYPES = [
  ...PLAYBACK_COMMAND_TYPES,
  "draw.stroke",
  "draw.clear",
  ...QUEUE_COMMAND_TYPES,
  ...REQUEST_HOST_COMMAND_TYPES,
  ...POLL_HOST_COMMAND_TYPES,
  ...VOICE_HOST_COMMAND_TYPES,
] as const;
export type HostCommand = ClientCommandOf<(typeof HOST_COMMAND_TYPES)[number]>;

export function isPlaybackCommand(command: ClientCommand): command is PlaybackCommand {
  return (PLAYBACK_COMMAND_TYPES as readonly string[]).includes(command.type);
}
export function isQueueCommand(command: ClientCommand): command is QueueCommand {
  return (QUEUE_COMMAND_TYPES as readonly string[]).includes(command.type);
}
export function isRequestCommand(command: ClientCommand): command is RequestCommand {
  return (REQUEST_COMMAND_TYPES as readonly string[]).includes(command.type);
}
export function isPollCommand(command: ClientCommand): command is PollCommand {
  return (POLL_COMMAND_TYPES as readonly string[]).includes(command.type);
}
export function isVoiceCommand(command: ClientCommand): command is VoiceCommand {
  return (VOICE_COMMAND_TYPES as readonly string[]).includes(command.type);
}
export function isHostCommand(command: ClientCommand): command is HostCommand {
  return (HOST_COMMAND_TYPES as readonly string[]).includes(command.type);
}

// ---------------------------------------------------------------------------------------------------
// Parsing

export type ParseErrorCode = "unsupported_version" | "invalid_message";
export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: ParseErrorCode; message: string; issues: z.core.$ZodIssue[] };

function parseWith<T>(schema: z.ZodType<T>, input: unknown): ParseResult<T> {
  if (typeof input === "object" && input !== null && "v" in input && input.v !== PROTOCOL_VERSION) {
    return {
      ok: false,
      code: "unsupported_version",
      message: `Protocol version ${String(input.v)} is not supported (expected ${PROTOCOL_VERSION})`,
      issues: [],
    };
  }
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  return {
    ok: false,
    code: "invalid_message",
    message: first ? `${where}${first.message}` : "Invalid message",
    issues: result.error.issues,
  };
}

/** Parse something received from the server (extension, website). */
export function parseServerEvent(input: unknown): ParseResult<ServerEvent> {
  return parseWith(serverEventSchema, input);
}

/** Parse something received from a client (route handlers). */
export function parseClientCommand(input: unknown): ParseResult<ClientCommand> {
  return parseWith(clientCommandSchema, input);
}

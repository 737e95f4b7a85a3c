/**
 * A live party's shared state, and the one fold that builds it from the party's events. The server's
 * replica of a party (lib/server/realtime/room.ts) and every member's session (the extension's
 * overlay and the site's watch room) run this same reducer, so what members saw live is what a late
 * joiner's snapshot holds: the same bounds (chat history, drawing, reports) and the same
 * deduplication.
 *
 * Pure and immutable: a fold returns a new state, or the same object when the event changes nothing,
 * and the fields an event does not touch keep their identity (the overlay redraws the chat or the
 * drawing only when their arrays change). What depends on who is looking (the role, your vote,
 * notices) and what happens because of an event (fan-out, hooks) stay with the callers.
 * Imports stay relative (the extension bundles lib/sync).
 */
import { addChatReport, type ChatReport } from "./chat-report";
import { CHAT_HISTORY } from "./limits";
import { presentMembers, withMemberReport, withoutMember } from "./member-list";
import { emptyModeration, type ModerationState } from "./moderation-state";
import type { Poll } from "./poll";
import {
  appendStroke,
  ROSTER_MAX,
  type ChatMessage,
  type MemberRef,
  type PartyMeta,
  type PlaybackState,
  type RosterMember,
  type ServerEvent,
  type SnapshotEvent,
  type Stroke,
} from "./protocol";
import { emptyQueue, withQueueDefaults, type QueueState } from "./queue";
import type { RecordingState, RecordingStop } from "./recording-state";
import { emptyVoice, voiceWithoutMember, type VoiceState } from "./voice-state";

export { CHAT_HISTORY };

/** A member whose player said it is buffering. */
export interface BufferingMember {
  memberId: string;
  displayName: string;
}

export interface LivePartyState {
  party: PartyMeta;
  playback: PlaybackState;
  members: number;
  hostOnline: boolean;
  /** Who is here, by name (host first, bounded); null when a server before the roster sent none. */
  roster: readonly RosterMember[] | null;
  /** The latest CHAT_HISTORY messages, oldest first. */
  chat: readonly ChatMessage[];
  /** The drawing on screen, oldest stroke first (bounded by appendStroke). */
  strokes: readonly Stroke[];
  queue: QueueState;
  /** The latest poll's public state (tallies, never who voted). */
  poll: Poll | null;
  moderation: ModerationState;
  /** Chat reports (bounded): the server holds them all; a member holds the ones its stream got. */
  reports: readonly ChatReport[];
  /** The recording in progress; null: none. */
  recording: RecordingState | null;
  /** The recording that just stopped by itself, and why (the next `recording` event clears it); absent: none. */
  recordingStopped?: RecordingStop | null;
  /** Members whose players are buffering, in the order they started (bounded like the roster). */
  buffering: readonly BufferingMember[];
  /** Members whose players show an ad, in the order they started (bounded like the roster). */
  ads: readonly MemberRef[];
  /** Who is in voice, listening to the host or waiting for a seat, and whom the host muted there. */
  voice: VoiceState;
}

/**
 * The events a party's log carries to its members (a snapshot starts a state; pongs and voice
 * signals, each for one member, are no part of it).
 */
export type PartyEvent = Exclude<ServerEvent, { type: "snapshot" | "pong" | "voice.signal" }>;

/** A party nothing has happened in yet (the server's replica before it folds the log). */
export function initialPartyState(party: PartyMeta, playback: PlaybackState): LivePartyState {
  return {
    party,
    playback,
    members: 0,
    hostOnline: false,
    roster: [],
    chat: [],
    strokes: [],
    queue: emptyQueue(),
    poll: null,
    moderation: emptyModeration(),
    reports: [],
    recording: null,
    buffering: [],
    ads: [],
    voice: emptyVoice(),
  };
}

/**
 * The state a snapshot describes. It does not say who is buffering (the protocol has no field for
 * it): the list starts empty and fills from the next `member.buffering` events. Who is watching an ad
 * it says (an older server's snapshot does not: none then).
 */
export function stateFromSnapshot(snapshot: SnapshotEvent): LivePartyState {
  return {
    party: snapshot.party,
    playback: snapshot.playback,
    members: snapshot.members,
    hostOnline: snapshot.hostOnline,
    roster: snapshot.roster ?? null,
    chat: snapshot.chat.slice(-CHAT_HISTORY),
    strokes: [...snapshot.strokes],
    queue: snapshot.queue ? withQueueDefaults(snapshot.queue) : emptyQueue(),
    poll: snapshot.poll ?? null,
    moderation: snapshot.moderation ?? emptyModeration(),
    reports: snapshot.reports ?? [],
    recording: snapshot.recording ?? null,
    // Why the last recording stopped by itself is told live, once; a later joiner has no notice to see.
    recordingStopped: null,
    buffering: [],
    ads: snapshot.ads ?? [],
    voice: snapshot.voice ?? emptyVoice(),
  };
}

/**
 * The chat after `message`: a message already held is ignored (a member may get the same event twice,
 * e.g. around a reconnect), the oldest go past CHAT_HISTORY.
 */
export function addChatMessage(chat: readonly ChatMessage[], message: ChatMessage): readonly ChatMessage[] {
  if (chat.some((c) => c.id === message.id)) return chat;
  return [...chat, message].slice(-CHAT_HISTORY);
}

/**
 * The drawing after `stroke`: a stroke already on screen is ignored (the host draws its own at once
 * and then gets the server's echo), otherwise it is bounded by appendStroke.
 */
export function addStroke(strokes: readonly Stroke[], stroke: Stroke): readonly Stroke[] {
  if (strokes.some((s) => s.id === stroke.id)) return strokes;
  return appendStroke(strokes, stroke);
}

/** Folds one party event into the state. */
export function foldPartyEvent(state: LivePartyState, event: PartyEvent): LivePartyState {
  switch (event.type) {
    case "playback":
      return { ...state, playback: event.state };
    case "party":
      return { ...state, party: event.party };
    case "presence":
      return withPresence(state, event.members, event.hostOnline, event.roster);
    case "chat": {
      const chat = addChatMessage(state.chat, event.message);
      return chat === state.chat ? state : { ...state, chat };
    }
    case "draw.stroke": {
      const strokes = addStroke(state.strokes, event.stroke);
      return strokes === state.strokes ? state : { ...state, strokes };
    }
    case "draw.clear":
      return state.strokes.length === 0 ? state : { ...state, strokes: [] };
    case "queue":
      // The server's log is not re-parsed on the way in (Redis): an older server's event lacks newer fields.
      return { ...state, queue: withQueueDefaults(event.queue) };
    case "poll":
      return { ...state, poll: event.poll };
    case "moderation":
      return { ...state, moderation: event.moderation };
    case "chat.report": {
      const reports = addChatReport(state.reports, event.report);
      return reports === state.reports ? state : { ...state, reports };
    }
    case "recording":
      return { ...state, recording: event.recording, recordingStopped: event.stopped ?? null };
    case "member.buffering": {
      const others = state.buffering.filter((b) => b.memberId !== event.memberId);
      if (!event.on) return others.length === state.buffering.length ? state : { ...state, buffering: others };
      return { ...state, buffering: [...others, { memberId: event.memberId, displayName: event.displayName }].slice(-ROSTER_MAX) };
    }
    case "member.ad": {
      const ads = withMemberReport(state.ads, event, event.on);
      return sameMembers(ads, state.ads) ? state : { ...state, ads };
    }
    case "voice":
      return { ...state, voice: event.voice };
    case "member.removed": {
      const buffering = state.buffering.filter((b) => b.memberId !== event.memberId);
      const ads = withoutMember(state.ads, event.memberId);
      // A removed member leaves voice at once (their peers close their connections on this event).
      const voice = voiceWithoutMember(state.voice, event.memberId);
      if (buffering.length === state.buffering.length && ads.length === state.ads.length && voice === state.voice) return state;
      return { ...state, buffering, ads: sameMembers(ads, state.ads) ? state.ads : ads, voice };
    }
    default:
      // An event this version does not know (a newer server's, in a shared log): nothing to fold.
      return state;
  }
}

function withPresence(state: LivePartyState, members: number, hostOnline: boolean, roster: readonly RosterMember[] | undefined): LivePartyState {
  // A presence event carries the roster only when it changed.
  if (!roster) return { ...state, members, hostOnline };
  let buffering = state.buffering;
  // Whoever left while buffering is no longer listed (a full roster may not name everyone here).
  if (roster.length < ROSTER_MAX) {
    const here = new Set(roster.map((member) => member.userId));
    const stayed = buffering.filter((b) => here.has(b.memberId));
    if (stayed.length !== buffering.length) buffering = stayed;
  }
  const ads = presentMembers(state.ads, roster);
  return { ...state, members, hostOnline, roster, buffering, ads: sameMembers(ads, state.ads) ? state.ads : ads };
}

/** Same members in the same order: the list keeps its identity (nothing to redraw). */
function sameMembers(a: readonly MemberRef[], b: readonly MemberRef[]): boolean {
  return a.length === b.length && a.every((m, i) => m.memberId === b[i]?.memberId);
}

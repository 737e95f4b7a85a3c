/**
 * The server's replica of a party and a member's session fold the same events with the same reducer,
 * so a member who was there all along and a late joiner (who gets the replica's snapshot) see the
 * same party: the same chat history (CHAT_HISTORY messages), drawing, poll, reports, roster,
 * moderation and who is watching an ad.
 */
import { loggedEvent, type LoggedServerEvent } from "@/lib/server/realtime/bus";
import { Room } from "@/lib/server/realtime/room";
import { SyncSession, type PartyViewModel } from "@/lib/party-client/sync-session";
import {
  CHAT_HISTORY,
  emptyQueue,
  initialPlaybackState,
  PROTOCOL_VERSION,
  stateFromSnapshot,
  type ChatReport,
  type PollEntry,
  type ServerEvent,
  type Stroke,
} from "@/lib/sync";
import { partyMeta } from "./helpers/party-meta";

const v = PROTOCOL_VERSION;
const HOST = { userId: "host", displayName: "Hank" };
const GAIL = { userId: "g1", displayName: "Gail" };
const SAM = { userId: "g2", displayName: "Sam" };

const meta = partyMeta({ hostUserId: HOST.userId, hostDisplayName: HOST.displayName });

/** A member's session with no player and a clock that never moves (only its model is looked at). */
function session(): SyncSession {
  return new SyncSession(
    {
      now: () => 1_000_000,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      send: async () => undefined,
      navigate: () => undefined,
      render: () => undefined,
      mediaKeyOf: (url) => url,
    },
    { url: meta.media.url, title: meta.media.title },
  );
}

/** What the overlay and the watch room show of the party (not this viewer's own status). */
function shown(model: PartyViewModel) {
  const { party, members, roster, hostOnline, chat, strokes, poll, reports, recording, twitchVotes, waitForEveryone, pauseForAds, ads } = model;
  return { party, members, roster, hostOnline, chat, strokes, poll, reports, recording, twitchVotes, waitForEveryone, pauseForAds, ads };
}

/** A member who joined at the start: its stream gets the snapshot, then what the room fans out to it. */
function member(room: Room, you: { userId: string; displayName: string }): SyncSession {
  const s = session();
  s.receive(room.snapshotFor(you, 0));
  room.subscribers.add({ memberId: you.userId, push: (logged) => s.receive(logged.event as ServerEvent), close: () => undefined });
  return s;
}

const stroke = (id: string, x: number): Stroke => ({ id, points: [[x, 0.1], [x + 0.1, 0.2]], color: "#ff0000", width: 0.01 });
const report = (messageId: string, by: { userId: string; displayName: string }): ChatReport => ({
  messageId,
  reporterId: by.userId,
  reporterName: by.displayName,
  authorId: SAM.userId,
  authorName: SAM.displayName,
  text: "rude",
  at: 9,
});

test("a late joiner's snapshot shows what members saw live, chat history included", () => {
  const room = new Room(meta, initialPlaybackState("m0", 0));
  const host = member(room, HOST);
  const gail = member(room, GAIL);
  let id = 0;
  const apply = (event: LoggedServerEvent) => room.apply(loggedEvent(String(++id), event));
  const poll = (entry: PollEntry) => apply({ v, type: "poll.entry", entry });

  apply({ v, type: "presence", members: 3, hostOnline: true, roster: [HOST, GAIL, SAM].map((m, i) => ({ ...m, role: i === 0 ? "host" : "guest", guest: false })) });
  // More chat than the history keeps, a message repeated among it.
  for (let i = 0; i < CHAT_HISTORY + 20; i++) {
    const from = i % 2 === 0 ? GAIL : SAM;
    apply({ v, type: "chat", message: { id: `c${i}`, userId: from.userId, displayName: from.displayName, text: `message ${i}`, at: 100 + i } });
  }
  apply({ v, type: "chat", message: { id: `c${CHAT_HISTORY + 10}`, userId: SAM.userId, displayName: SAM.displayName, text: "again", at: 500 } });
  // A drawing, cleared, drawn again with a stroke sent twice.
  apply({ v, type: "draw.stroke", stroke: stroke("s1", 0.1) });
  apply({ v, type: "draw.clear" });
  apply({ v, type: "draw.stroke", stroke: stroke("s2", 0.2) });
  apply({ v, type: "draw.stroke", stroke: stroke("s3", 0.3) });
  apply({ v, type: "draw.stroke", stroke: stroke("s2", 0.2) });
  apply({ v, type: "queue", queue: { ...emptyQueue(), items: [{ id: "q1", url: "https://www.youtube.com/watch?v=bbbbbbbbbbb", title: "Next" }] } });
  poll({
    op: "open",
    poll: {
      id: "poll1",
      kind: "next",
      visibility: "anonymous",
      options: [
        { label: "A", url: null, itemId: null, breakSeconds: null },
        { label: "B", url: null, itemId: null, breakSeconds: null },
      ],
      openedAt: 600,
      endsAt: null,
    },
  });
  poll({ op: "vote", pollId: "poll1", voterId: GAIL.userId, name: GAIL.displayName, option: 1, at: 610 });
  poll({ op: "vote", pollId: "poll1", voterId: SAM.userId, name: SAM.displayName, option: 1, at: 620 });
  poll({ op: "close", pollId: "poll1", at: 700 });
  apply({ v, type: "moderation", moderation: { muted: [SAM.userId], slowModeSeconds: 5, locked: false, twitchVotes: false, waitForEveryone: true, pauseForAds: true } });
  apply({ v, type: "recording", recording: { id: "rec1", startedAt: 800, includeChat: true } });
  apply({ v, type: "chat.report", report: report(`c${CHAT_HISTORY + 19}`, GAIL) });
  apply({ v, type: "chat.report", report: report(`c${CHAT_HISTORY + 17}`, HOST) });
  apply({ v, type: "chat.report", report: report(`c${CHAT_HISTORY + 19}`, GAIL) });
  apply({ v, type: "member.buffering", memberId: SAM.userId, displayName: SAM.displayName, on: true });
  // Ads: Gail's is over, Sam's and the host's go on; each viewer sees the others'.
  apply({ v, type: "member.ad", memberId: GAIL.userId, displayName: GAIL.displayName, on: true });
  apply({ v, type: "member.ad", memberId: SAM.userId, displayName: SAM.displayName, on: true });
  apply({ v, type: "member.ad", memberId: HOST.userId, displayName: HOST.displayName, on: true });
  apply({ v, type: "member.ad", memberId: GAIL.userId, displayName: GAIL.displayName, on: false });
  apply({ v, type: "party", party: { ...meta, title: "Movie night, part 2", media: { id: "m1", url: "https://www.youtube.com/watch?v=ccccccccccc", title: "Second", duration: 300 } } });
  apply({ v, type: "playback", state: { mediaId: "m1", paused: false, position: 0, rate: 1, at: 900, seq: 1 } });
  apply({ v, type: "presence", members: 3, hostOnline: true });

  const lateHost = session();
  lateHost.receive(room.snapshotFor(HOST, 1000));
  const lateGail = session();
  lateGail.receive(room.snapshotFor(GAIL, 1000));

  expect(host.model.chat).toHaveLength(CHAT_HISTORY);
  expect(host.model.chat[0]!.id).toBe("c20");
  expect(host.model.strokes.map((s) => s.id)).toEqual(["s2", "s3"]);
  expect(host.model.poll).toMatchObject({ id: "poll1", status: "closed", winner: 1, tallies: [0, 2] });
  expect(host.model.reports).toHaveLength(2);
  expect(gail.model.reports).toHaveLength(1);
  expect(gail.model.ads).toEqual([
    { memberId: SAM.userId, displayName: SAM.displayName },
    { memberId: HOST.userId, displayName: HOST.displayName },
  ]);
  expect(host.model.ads).toEqual([{ memberId: SAM.userId, displayName: SAM.displayName }]);
  expect(host.model.pauseForAds).toBe(true);
  expect(shown(lateHost.model)).toEqual(shown(host.model));
  expect(shown(lateGail.model)).toEqual(shown(gail.model));

  // The replica itself is the members' state (the snapshot carries no buffering list: members see it live only).
  const { buffering, ...rest } = room.state;
  expect({ ...stateFromSnapshot(room.snapshotFor(HOST, 1000)), buffering }).toEqual({ ...rest, buffering });
  expect(host.model.buffering).toEqual([{ memberId: SAM.userId, displayName: SAM.displayName }]);
  expect(buffering).toEqual(host.model.buffering);
  for (const s of [host, gail, lateHost, lateGail]) s.dispose();
});

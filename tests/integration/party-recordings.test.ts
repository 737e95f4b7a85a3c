/**
 * Recording a YouTube party against the real app: the host records plays, pauses, seeks, chat, a
 * drawing and a poll; everyone is told (the `recording` event, the snapshot); the stored timeline
 * folds (`stateAt`) to exactly what a member's stream showed at each moment. Who may start and stop,
 * the party's end stopping it, the chat left out when the host says so, and who may see, list,
 * change and delete a recording: owner / other / anonymous × public / unlisted / private.
 */
import { stateAt, type PlaybackState, type RecordingTimeline } from "@/lib/sync";
import { Client, uniqueName } from "./helpers/app";
import { api, command, createParty, guestToken, livePartyApp, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

const live = livePartyApp();
const { streams } = live;
const YOUTUBE = { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Recorded clip" };

async function account(prefix: string): Promise<{ token: string; username: string; id: string }> {
  const client = new Client(live.baseUrl);
  const username = uniqueName(prefix);
  const res = await client.signUp(username);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  return { token: res.headers.get("set-auth-token")!, username, id: body.user.id };
}

async function stream(partyId: string, token: string) {
  const s = await joinAndOpen(live.baseUrl, partyId, token);
  streams.push(s);
  await s.waitFor((e) => e.type === "snapshot");
  return s;
}

async function ok(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function getJson<T>(path: string, token: string | null): Promise<{ status: number; body: T }> {
  const res = await api(live.baseUrl, "GET", path, token);
  return { status: res.status, body: (await res.json()) as T };
}

interface RecordingBody {
  id: string;
  title: string;
  host: { id: string; display_name: string; username: string | null };
  privacy: string;
  include_chat: boolean;
  media: { url: string; title: string }[];
  duration_ms: number;
  entry_count: number;
  status: string;
  is_owner: boolean;
}
interface TimelineBody {
  started_at: number;
  ended_at: number;
  start: RecordingTimeline["start"];
  entries: RecordingTimeline["entries"];
}
const toTimeline = (t: TimelineBody): RecordingTimeline => ({ startedAt: t.started_at, endedAt: t.ended_at, start: t.start, entries: t.entries });

/** Starts a recording and returns its id once a member's stream shows the badge. */
async function startRecording(partyId: string, token: string, memberStream: SseClient<Ev>, extra: Record<string, unknown> = {}): Promise<string> {
  const started = await ok(await command(live.baseUrl, partyId, token, { type: "recording.start", ...extra }));
  const recordingId = started.recordingId as string;
  await memberStream.waitFor((e) => e.type === "recording" && (e.recording as { id: string } | null)?.id === recordingId);
  return recordingId;
}

test("a recorded party replays exactly: playback, seeks, chat, drawing and poll at their moments", async () => {
  const host = await account("rec_host");
  const party = await createParty(live.baseUrl, host.token, YOUTUBE);
  await stream(party.id, host.token);
  const guest = await guestToken(live.baseUrl, "Guest Greta");
  const guestStream = await stream(party.id, guest);

  const recordingId = await startRecording(party.id, host.token, guestStream);
  const badge = (await guestStream.waitFor((e) => e.type === "recording")).data.recording as { includeChat: boolean; startedAt: number };
  expect(badge.includeChat).toBe(true);
  // A member arriving now is told at once, in the snapshot.
  const late = await joinAndOpen(live.baseUrl, party.id, await guestToken(live.baseUrl, "Late Lou"));
  streams.push(late);
  expect((await late.waitFor((e) => e.type === "snapshot")).data.recording).toMatchObject({ id: recordingId, includeChat: true });

  const now = () => Date.now();
  await ok(await command(live.baseUrl, party.id, host.token, { type: "play", position: 0, at: now() }));
  await ok(await command(live.baseUrl, party.id, guest, { type: "chat", text: "here we go" }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "seek", position: 120, at: now() }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "draw.stroke", stroke: { id: "s1", points: [[0.1, 0.1], [0.5, 0.5]], color: "#ff0000", width: 0.01 } }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "pause", position: 121, at: now() }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "poll.open", poll: { kind: "break", durationSeconds: null, guestVotes: "one_per_device" } }));
  const opened = await guestStream.waitFor((e) => e.type === "poll" && (e.poll as { status: string }).status === "open");
  const pollId = (opened.data.poll as { id: string }).id;
  await ok(await command(live.baseUrl, party.id, guest, { type: "poll.vote", pollId, option: 1 }));
  await guestStream.waitFor((e) => e.type === "poll" && (e.poll as { tallies: number[] }).tallies[1] === 1);
  await ok(await command(live.baseUrl, party.id, host.token, { type: "poll.close", pollId }));
  await guestStream.waitFor((e) => e.type === "poll" && (e.poll as { status: string }).status === "closed");
  await ok(await command(live.baseUrl, party.id, host.token, { type: "seek", position: 30, at: now() }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "draw.clear" }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "play", position: 30, at: now() }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "chat", text: "second message" }));
  await guestStream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "second message");

  // Only the host stops it; the answer comes once the recording is written.
  expect((await command(live.baseUrl, party.id, guest, { type: "recording.stop" })).status).toBe(403);
  const stopped = await ok(await command(live.baseUrl, party.id, host.token, { type: "recording.stop" }));
  expect(stopped.recordingId).toBe(recordingId);
  await guestStream.waitFor((e) => e.type === "recording" && e.recording === null);
  expect((await command(live.baseUrl, party.id, host.token, { type: "recording.stop" })).status).toBe(409);

  const { status, body: recording } = await getJson<RecordingBody>(`/api/v1/recordings/${recordingId}`, host.token);
  expect(status).toBe(200);
  expect(recording).toMatchObject({
    id: recordingId,
    title: "Recorded clip",
    host: { id: host.id, username: host.username },
    privacy: "private",
    include_chat: true,
    media: [{ url: YOUTUBE.video_url, title: "Recorded clip" }],
    status: "ready",
    is_owner: true,
  });
  expect(recording.duration_ms).toBeGreaterThan(0);

  const timelineBody = (await getJson<TimelineBody>(`/api/v1/recordings/${recordingId}/timeline`, host.token)).body;
  const timeline = toTimeline(timelineBody);
  expect(timeline.startedAt).toBe(badge.startedAt);
  expect(timeline.entries.length).toBe(recording.entry_count);
  expect(timeline.entries.map((e) => e.event.type)).toEqual([
    "playback", "chat", "playback", "draw.stroke", "playback", "poll", "poll", "poll", "playback", "draw.clear", "playback", "chat",
  ]);

  // Every playback state the guest's stream received is the exact state from its moment in the
  // replay until the next one (its moment: its own stamp, or the previous entry's if that is later).
  const received = guestStream.events.filter((e) => e.data.type === "playback").map((e) => e.data.state as PlaybackState);
  expect(received).toHaveLength(5);
  const playbackEntries = timeline.entries.filter((e) => e.event.type === "playback");
  received.forEach((state, i) => {
    const from = playbackEntries[i]!.at - timeline.startedAt;
    const until = i + 1 < playbackEntries.length ? playbackEntries[i + 1]!.at - timeline.startedAt : timeline.endedAt - timeline.startedAt;
    for (const offset of [from, (from + until) / 2]) {
      const at = stateAt(timeline, offset);
      expect(at.playback).toEqual(state);
      expect(at.paused).toBe(state.paused);
      const expected = state.paused ? state.position : state.position + ((timeline.startedAt + offset - state.at) / 1000) * state.rate;
      expect(at.position).toBeCloseTo(expected, 6);
    }
  });
  // Chat appears at its moment, not before; the drawing is there between the stroke and the clear.
  const chats = timeline.entries.filter((e) => e.event.type === "chat");
  const first = chats[0]!.at - timeline.startedAt;
  expect(stateAt(timeline, first - 1).chat).toEqual([]);
  expect(stateAt(timeline, first).chat.map((m) => m.text)).toEqual(["here we go"]);
  expect(stateAt(timeline, timeline.endedAt - timeline.startedAt).chat.map((m) => m.text)).toEqual(["here we go", "second message"]);
  const strokeAt = timeline.entries.find((e) => e.event.type === "draw.stroke")!.at - timeline.startedAt;
  const clearAt = timeline.entries.find((e) => e.event.type === "draw.clear")!.at - timeline.startedAt;
  expect(stateAt(timeline, strokeAt).strokes.map((s) => s.id)).toEqual(["s1"]);
  expect(stateAt(timeline, clearAt).strokes).toEqual([]);
  // The poll's result, at the end, without who voted.
  const poll = stateAt(timeline, timeline.endedAt - timeline.startedAt).poll!;
  expect(poll).toMatchObject({ id: pollId, status: "closed", tallies: [0, 1, 0, 0], winner: 1 });
  expect(JSON.stringify(timelineBody)).not.toContain("ballots");
  // The recording stopped: nothing after the stop was recorded.
  await ok(await command(live.baseUrl, party.id, host.token, { type: "chat", text: "after the stop" }));
  await guestStream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "after the stop");
  expect((await getJson<TimelineBody>(`/api/v1/recordings/${recordingId}/timeline`, host.token)).body.entries).toHaveLength(timeline.entries.length);

  // Listed among the host's own recordings.
  const mine = (await getJson<{ recordings: RecordingBody[] }>("/api/v1/recordings", host.token)).body.recordings;
  expect(mine.map((r) => r.id)).toEqual([recordingId]);
});

test("only the host with an account may record, only a YouTube party, and once at a time", async () => {
  const host = await account("rec_rules");
  const party = await createParty(live.baseUrl, host.token, YOUTUBE);
  const guest = await guestToken(live.baseUrl, "Guest Gus");
  const guestStream = await stream(party.id, guest);
  const byGuest = await command(live.baseUrl, party.id, guest, { type: "recording.start" });
  expect(byGuest.status).toBe(403);
  expect(((await byGuest.json()) as { detail: string }).detail).toBe("Only the host can record the party.");
  const bad = await command(live.baseUrl, party.id, host.token, { type: "recording.start", includeChat: "yes" });
  expect(bad.status).toBe(422);
  expect((await command(live.baseUrl, party.id, host.token, { type: "recording.start", title: "a\u0000b" })).status).toBe(422);
  expect((await getJson<{ recordings: unknown[] }>("/api/v1/recordings", host.token)).body.recordings).toEqual([]);

  await startRecording(party.id, host.token, guestStream);
  const twice = await command(live.baseUrl, party.id, host.token, { type: "recording.start" });
  expect(twice.status).toBe(409);
  await ok(await command(live.baseUrl, party.id, host.token, { type: "recording.stop" }));

  // Another site's video: nothing to replay it over.
  const netflixHost = await account("rec_nflx");
  const netflix = await createParty(live.baseUrl, netflixHost.token);
  const refused = await command(live.baseUrl, netflix.id, netflixHost.token, { type: "recording.start" });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { detail: string }).detail).toBe("Only a party watching a YouTube video can be recorded.");

  // A guest hosting a party has no account to own a recording.
  const guestHost = await guestToken(live.baseUrl, "Guest Host");
  const guestParty = await createParty(live.baseUrl, guestHost, YOUTUBE);
  expect((await command(live.baseUrl, guestParty.id, guestHost, { type: "recording.start" })).status).toBe(403);
});

test("ending the party stops the recording and keeps it; chat left out when the host says so", async () => {
  const host = await account("rec_end");
  const party = await createParty(live.baseUrl, host.token, YOUTUBE);
  const hostStream = await stream(party.id, host.token);
  const recordingId = await startRecording(party.id, host.token, hostStream, { includeChat: false, title: "No chat please" });
  await ok(await command(live.baseUrl, party.id, host.token, { type: "play", position: 5, at: Date.now() }));
  await ok(await command(live.baseUrl, party.id, host.token, { type: "chat", text: "not recorded" }));
  await hostStream.waitFor((e) => e.type === "chat");
  expect((await api(live.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host.token)).status).toBe(204);
  await hostStream.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ENDED");

  // The recorder writes its last entries as the party's replica retires: wait for "ready".
  let recording: RecordingBody | null = null;
  for (;;) {
    recording = (await getJson<RecordingBody>(`/api/v1/recordings/${recordingId}`, host.token)).body;
    if (recording.status === "ready") break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(recording).toMatchObject({ title: "No chat please", include_chat: false, status: "ready" });
  const timeline = (await getJson<TimelineBody>(`/api/v1/recordings/${recordingId}/timeline`, host.token)).body;
  expect(timeline.entries.map((e) => e.event.type)).toEqual(["playback"]);
});

test("who may see, list, change and delete a recording: owner / other / anonymous × public / unlisted / private", async () => {
  const owner = await account("rec_owner");
  const other = await account("rec_other");
  const party = await createParty(live.baseUrl, owner.token, YOUTUBE);
  const ownerStream = await stream(party.id, owner.token);
  const ids: Record<string, string> = {};
  for (const privacy of ["public", "unlisted", "private"] as const) {
    ids[privacy] = await startRecording(party.id, owner.token, ownerStream, { title: `The ${privacy} one` });
    await ok(await command(live.baseUrl, party.id, owner.token, { type: "recording.stop" }));
    const patched = await api(live.baseUrl, "PATCH", `/api/v1/recordings/${ids[privacy]}`, owner.token, { privacy });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as RecordingBody).privacy).toBe(privacy);
  }

  const callers = { owner: owner.token, other: other.token, anonymous: null } as const;
  const expected = {
    public: { owner: 200, other: 200, anonymous: 200 },
    unlisted: { owner: 200, other: 200, anonymous: 200 },
    private: { owner: 200, other: 404, anonymous: 404 },
  } as const;
  for (const privacy of ["public", "unlisted", "private"] as const) {
    for (const [who, token] of Object.entries(callers) as [keyof typeof callers, string | null][]) {
      const one = await getJson<RecordingBody & { detail?: string }>(`/api/v1/recordings/${ids[privacy]}`, token);
      expect([privacy, who, one.status]).toEqual([privacy, who, expected[privacy][who]]);
      const timeline = await api(live.baseUrl, "GET", `/api/v1/recordings/${ids[privacy]}/timeline`, token);
      expect([privacy, who, timeline.status]).toEqual([privacy, who, expected[privacy][who]]);
      if (one.status === 200) expect(one.body.is_owner).toBe(who === "owner");
      else expect(one.body.detail).toBe("Recording not found.");
    }
  }
  // A private recording answers like a missing one.
  expect((await getJson<{ detail: string }>("/api/v1/recordings/no-such-recording", other.token)).body.detail).toBe("Recording not found.");

  // Lists: the owner's own list has all three; the public profile lists the public one only, to anyone.
  const mine = (await getJson<{ recordings: RecordingBody[] }>("/api/v1/recordings", owner.token)).body.recordings;
  expect(mine.map((r) => r.title).sort()).toEqual(["The private one", "The public one", "The unlisted one"]);
  expect((await getJson<{ recordings: RecordingBody[] }>("/api/v1/recordings", other.token)).body.recordings).toEqual([]);
  expect((await api(live.baseUrl, "GET", "/api/v1/recordings", null)).status).toBe(401);
  for (const token of [owner.token, other.token, null]) {
    const listed = (await getJson<{ recordings: RecordingBody[] }>(`/api/v1/users/${owner.username}/recordings`, token)).body.recordings;
    expect(listed.map((r) => r.id)).toEqual([ids.public]);
  }

  // Changes and deletion: the owner only. Others get 403 where they may see it, 404 where they may not, 401 without a session.
  for (const privacy of ["public", "unlisted", "private"] as const) {
    const denied = privacy === "private" ? 404 : 403;
    expect((await api(live.baseUrl, "PATCH", `/api/v1/recordings/${ids[privacy]}`, other.token, { title: "Mine now" })).status).toBe(denied);
    expect((await api(live.baseUrl, "DELETE", `/api/v1/recordings/${ids[privacy]}`, other.token)).status).toBe(denied);
    expect((await api(live.baseUrl, "PATCH", `/api/v1/recordings/${ids[privacy]}`, null, { title: "Mine now" })).status).toBe(401);
    expect((await api(live.baseUrl, "DELETE", `/api/v1/recordings/${ids[privacy]}`, null)).status).toBe(401);
  }
  // Bad input changes nothing.
  for (const body of [{ title: "" }, { title: "x".repeat(201) }, { title: "a\u0000b" }, { privacy: "friends" }, {}, { title: "ok", extra: 1 }]) {
    const res = await api(live.baseUrl, "PATCH", `/api/v1/recordings/${ids.public}`, owner.token, body);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "unprocessable_entity", detail: expect.any(String) });
  }
  const after = (await getJson<{ recordings: RecordingBody[] }>("/api/v1/recordings", owner.token)).body.recordings;
  expect(after.map((r) => `${r.title}:${r.privacy}`).sort()).toEqual(["The private one:private", "The public one:public", "The unlisted one:unlisted"]);

  // The owner renames and deletes.
  const renamed = await api(live.baseUrl, "PATCH", `/api/v1/recordings/${ids.public}`, owner.token, { title: "  Movie night  " });
  expect(((await renamed.json()) as RecordingBody).title).toBe("Movie night");
  expect((await api(live.baseUrl, "DELETE", `/api/v1/recordings/${ids.unlisted}`, owner.token)).status).toBe(204);
  expect((await api(live.baseUrl, "GET", `/api/v1/recordings/${ids.unlisted}`, owner.token)).status).toBe(404);

  // Watch together: anyone who may see it starts a party on it (the other user here); a private one stays 404.
  const together = await api(live.baseUrl, "POST", `/api/v1/recordings/${ids.public}/party`, other.token, {});
  expect(together.status).toBe(201);
  expect(await together.json()).toMatchObject({ host_video_url: YOUTUBE.video_url, visibility: "private" });
  expect((await api(live.baseUrl, "POST", `/api/v1/recordings/${ids.private}/party`, other.token, {})).status).toBe(404);
});

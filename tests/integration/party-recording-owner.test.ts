/**
 * A recording belongs to whoever started it. After the host hands the party over, the new host may
 * not stop the old host's recording nor change its settings (a clear 403, nothing changed); the one
 * who started it still stops it, and the party's end stops it too.
 */
import { Client, uniqueName } from "./helpers/app";
import { api, command, createParty, livePartyApp, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

const live = livePartyApp();
const YOUTUBE = { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Recorded clip" };

async function account(prefix: string): Promise<string> {
  const res = await new Client(live.baseUrl).signUp(uniqueName(prefix));
  expect(res.status).toBe(200);
  return res.headers.get("set-auth-token")!;
}

function rosterHas(s: SseClient<Ev>, ids: string[]) {
  return s.waitFor((e) => {
    const roster = e.type === "snapshot" || e.type === "presence" ? ((e.roster as { userId: string }[] | undefined) ?? null) : null;
    return roster !== null && ids.every((id) => roster.some((m) => m.userId === id));
  });
}

async function recordingOf(id: string, token: string) {
  const res = await api(live.baseUrl, "GET", `/api/v1/recordings/${id}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; include_chat: boolean };
}

/** A YouTube party whose host (an account) records it without chat, then hands it to another account. */
async function handedOver(prefix: string) {
  const owner = await account(`${prefix}_own`);
  const party = await createParty(live.baseUrl, owner, YOUTUBE);
  const ownerMember = await live.join(party.id, owner);
  const next = await account(`${prefix}_new`);
  const nextMember = await live.join(party.id, next);
  await rosterHas(ownerMember.stream, [nextMember.id]);
  const started = await command(live.baseUrl, party.id, owner, { type: "recording.start", includeChat: false });
  expect(started.status).toBe(200);
  const recordingId = ((await started.json()) as { recordingId: string }).recordingId;
  // Every member learns whose recording it is (the room offers Stop to that member only).
  const announced = await nextMember.stream.waitFor((e) => e.type === "recording" && (e.recording as { id: string } | null)?.id === recordingId);
  expect(announced.data.recording).toMatchObject({ id: recordingId, startedBy: ownerMember.id });
  expect((await command(live.baseUrl, party.id, owner, { type: "host.handover", memberId: nextMember.id })).status).toBe(200);
  await nextMember.stream.waitFor((e) => e.type === "party" && (e.party as { hostUserId: string }).hostUserId === nextMember.id);
  return { owner, next, partyId: party.id, recordingId, ownerMember, nextMember };
}

test("after a hand-over the new host can neither stop the old host's recording nor change its settings; its owner stops it", async () => {
  const r = await handedOver("rec_ho");

  const stop = await command(live.baseUrl, r.partyId, r.next, { type: "recording.stop", includeChat: true });
  expect(stop.status).toBe(403);
  expect(((await stop.json()) as { detail: string }).detail).toBe("Only the member who started this recording can stop it.");
  expect(await recordingOf(r.recordingId, r.owner)).toMatchObject({ status: "recording", include_chat: false });

  // The one who started it (now a member, no longer the host) stops it, with the setting they choose.
  expect((await command(live.baseUrl, r.partyId, r.owner, { type: "recording.stop" })).status).toBe(200);
  await r.nextMember.stream.waitFor((e) => e.type === "recording" && e.recording === null);
  expect(await recordingOf(r.recordingId, r.owner)).toMatchObject({ status: "ready", include_chat: false });
});

test("after a hand-over the party's end still stops the old host's recording", async () => {
  const r = await handedOver("rec_end");
  expect((await api(live.baseUrl, "DELETE", `/api/v1/parties/${r.partyId}`, r.next)).status).toBe(204);
  await r.ownerMember.stream.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ENDED");
  // The recorder writes its last entries as the party's replica retires: wait for "ready".
  let recording = await recordingOf(r.recordingId, r.owner);
  while (recording.status !== "ready") {
    await new Promise((resolve) => setTimeout(resolve, 200));
    recording = await recordingOf(r.recordingId, r.owner);
  }
  expect(recording).toMatchObject({ status: "ready", include_chat: false });
});

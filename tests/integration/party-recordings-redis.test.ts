/**
 * Recording a party served by two instances (one database, one Redis): the host starts on A, members
 * and commands go through both, the stop goes through B. Each event is recorded once (only the
 * instance that took the start records), and the recording is complete once it shows as ready.
 */
import { Client, uniqueName } from "./helpers/app";
import { startCluster, type Cluster } from "./helpers/cluster";
import { api, command, createParty, guestToken, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

let cluster: Cluster;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  cluster = await startCluster("vp_recordings", { VP_HOST_GRACE_MS: "600000" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

async function open(baseUrl: string, partyId: string, token: string) {
  const s = await joinAndOpen(baseUrl, partyId, token);
  streams.push(s);
  await s.waitFor((e) => e.type === "snapshot");
  return s;
}

test("a party on two instances is recorded once, whichever instance the commands and the stop go through", async () => {
  const { a, b } = cluster;
  const signUp = await new Client(a.baseUrl).signUp(uniqueName("rec_cluster"));
  expect(signUp.status).toBe(200);
  const host = signUp.headers.get("set-auth-token")!;
  const party = await createParty(a.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=clusterrec1", video_title: "Cluster clip" });
  await open(a.baseUrl, party.id, host);
  const guest = await guestToken(b.baseUrl, "Guest on B");
  const guestStream = await open(b.baseUrl, party.id, guest);

  const started = await command(a.baseUrl, party.id, host, { type: "recording.start" });
  expect(started.status).toBe(200);
  const { recordingId } = (await started.json()) as { recordingId: string };
  await guestStream.waitFor((e) => e.type === "recording" && (e.recording as { id: string } | null)?.id === recordingId);

  const texts = ["via A", "via B", "via A again", "via B again"];
  for (const [i, text] of texts.entries()) {
    const through = i % 2 === 0 ? a : b;
    expect((await command(through.baseUrl, party.id, i % 2 === 0 ? host : guest, { type: "chat", text })).status).toBe(200);
    expect((await command(through.baseUrl, party.id, host, { type: "seek", position: 10 * (i + 1), at: Date.now() })).status).toBe(200);
  }
  await guestStream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "via B again");
  await guestStream.waitFor((e) => e.type === "playback" && (e.state as { position: number }).position === 40);

  expect((await command(b.baseUrl, party.id, host, { type: "recording.stop" })).status).toBe(200);
  await guestStream.waitFor((e) => e.type === "recording" && e.recording === null);
  // The stop reaches the recorder on A through the log; it then writes its last entries.
  let status = "recording";
  while (status !== "ready") {
    status = ((await (await api(b.baseUrl, "GET", `/api/v1/recordings/${recordingId}`, host)).json()) as { status: string }).status;
    if (status !== "ready") await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const timeline = (await (await api(b.baseUrl, "GET", `/api/v1/recordings/${recordingId}/timeline`, host)).json()) as {
    entries: { event: { type: string; message?: { text: string }; state?: { position: number } } }[];
  };
  expect(timeline.entries.filter((e) => e.event.type === "chat").map((e) => e.event.message!.text)).toEqual(texts);
  expect(timeline.entries.filter((e) => e.event.type === "playback").map((e) => e.event.state!.position)).toEqual([10, 20, 30, 40]);
});

/**
 * Mute and slow mode cover every text a member can make the others see, not only chat: a track
 * request carries a title (and a link) that every member's queue shows, so a muted member's request
 * is refused with chat's own refusal and changes nothing, and slow mode spaces requests and
 * messages alike. The host's own requests are never held back.
 */
import { api, command, createParty, guestToken, livePartyApp } from "./helpers/party";

jest.setTimeout(120_000);

const live = livePartyApp();

interface Queue {
  requests: { title: string; requestedBy: { userId: string } }[];
}

const youtube = (n: number) => `https://youtu.be/mute${String(n).padStart(7, "0")}`;

async function roomWithGuest(name: string) {
  const host = await guestToken(live.baseUrl, `${name} host`);
  const party = await createParty(live.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=openingTrk1", video_title: "Opening track" });
  const guest = await guestToken(live.baseUrl, `${name} guest`);
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, guest)).status).toBe(200);
  const watcher = await live.join(party.id, await guestToken(live.baseUrl, `${name} watcher`));
  const member = await live.join(party.id, guest);
  return { host, partyId: party.id, guest, guestId: member.id, watcher };
}

async function answer(res: Promise<Response>) {
  const response = await res;
  return { status: response.status, body: (await response.json()) as { detail?: string } };
}

const queueOf = async (partyId: string, token: string) => (await (await api(live.baseUrl, "GET", `/api/v1/parties/${partyId}/queue`, token)).json()) as Queue;

test("a muted member's track request is refused like their chat, and nobody sees its title", async () => {
  const r = await roomWithGuest("Muted");
  expect((await command(live.baseUrl, r.partyId, r.host, { type: "member.mute", memberId: r.guestId })).status).toBe(200);
  await r.watcher.stream.waitFor((e) => e.type === "moderation" && ((e.moderation as { muted: string[] }).muted ?? []).includes(r.guestId));

  const chat = await answer(command(live.baseUrl, r.partyId, r.guest, { type: "chat", text: "hello" }));
  const request = await answer(command(live.baseUrl, r.partyId, r.guest, { type: "request.add", url: youtube(1), title: "BUY CHEAP FOLLOWERS AT spam.example" }));
  expect(chat).toEqual({ status: 403, body: expect.objectContaining({ detail: "The host muted you." }) });
  expect(request).toEqual({ status: 403, body: expect.objectContaining({ detail: chat.body.detail }) });
  expect((await queueOf(r.partyId, r.host)).requests).toEqual([]);

  // Unmuted, the same request goes through and everyone sees it.
  expect((await command(live.baseUrl, r.partyId, r.host, { type: "member.unmute", memberId: r.guestId })).status).toBe(200);
  expect((await command(live.baseUrl, r.partyId, r.guest, { type: "request.add", url: youtube(1), title: "A fine track" })).status).toBe(200);
  await r.watcher.stream.waitFor((e) => e.type === "queue" && (e.queue as Queue).requests.some((q) => q.title === "A fine track"));
});

test("slow mode spaces track requests and chat messages alike; the host is not held back", async () => {
  const r = await roomWithGuest("Slow");
  expect((await command(live.baseUrl, r.partyId, r.host, { type: "room.slowmode", seconds: 120 })).status).toBe(200);
  await r.watcher.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { slowModeSeconds: number }).slowModeSeconds === 120);

  expect((await command(live.baseUrl, r.partyId, r.guest, { type: "chat", text: "first" })).status).toBe(200);
  const afterChat = await answer(command(live.baseUrl, r.partyId, r.guest, { type: "request.add", url: youtube(2), title: "around slow mode" }));
  expect(afterChat.status).toBe(429);
  expect(afterChat.body.detail).toMatch(/^Slow mode is on: you can send another message in \d+ s\.$/);
  expect((await queueOf(r.partyId, r.host)).requests).toEqual([]);

  // A request counts as a message too: a second guest's request then holds back their chat.
  const other = await guestToken(live.baseUrl, "Slow other");
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${r.partyId}/join`, other)).status).toBe(200);
  expect((await command(live.baseUrl, r.partyId, other, { type: "request.add", url: youtube(3), title: "one request" })).status).toBe(200);
  const chatAfterRequest = await answer(command(live.baseUrl, r.partyId, other, { type: "chat", text: "and a message" }));
  expect(chatAfterRequest.status).toBe(429);
  const requestAfterRequest = await answer(command(live.baseUrl, r.partyId, other, { type: "request.add", url: youtube(4), title: "another request" }));
  expect(requestAfterRequest.status).toBe(429);
  expect((await queueOf(r.partyId, r.host)).requests.map((q) => q.title)).toEqual(["one request"]);

  // The host requests and chats freely.
  expect((await command(live.baseUrl, r.partyId, r.host, { type: "chat", text: "host talks" })).status).toBe(200);
  expect((await command(live.baseUrl, r.partyId, r.host, { type: "request.add", url: youtube(5), title: "host pick" })).status).toBe(200);
});

/**
 * Handing over the host role, against the real app on the embedded database: who may do it (the host
 * only: a guest, a non-member and an anonymous caller are refused and nothing changes), whom to (a
 * member watching now, not someone hosting another live party), and what follows: every stream learns
 * the new host, the roster and presence follow it, the new host's playback is the party's and the old
 * host's is refused, the party's details and the public list name the new host, moderation is theirs,
 * and a reconnecting stream starts in its new role.
 */
import { Client } from "./helpers/app";
import { api, command, createParty, guestToken, livePartyApp, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

const live = livePartyApp();
const { streams } = live;

const join = live.join;

async function account(name: string): Promise<{ token: string; username: string }> {
  const username = `${name}${Date.now().toString(36)}`;
  const res = await new Client(live.baseUrl).signUp(username);
  expect(res.status).toBe(200);
  return { token: res.headers.get("set-auth-token")!, username };
}

type RosterEntry = { userId: string; displayName: string; role: string };
const rosterOf = (e: Ev) => (e.roster as RosterEntry[] | undefined) ?? null;

/** Waits until this stream's roster lists `ids` (the hand-over needs its target to be watching). */
function rosterHas(s: SseClient<Ev>, ids: string[]) {
  return s.waitFor((e) => {
    const roster = e.type === "snapshot" || e.type === "presence" ? rosterOf(e) : null;
    return roster !== null && ids.every((id) => roster.some((m) => m.userId === id));
  });
}

async function detail(partyId: string, token: string | null) {
  const res = await api(live.baseUrl, "GET", `/api/v1/parties/${partyId}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as { role: string | null; host_display_name: string | null; host_username: string | null };
}

const handover = (partyId: string, token: string, memberId: string) => command(live.baseUrl, partyId, token, { type: "host.handover", memberId });

test("only the host hands over, only to a member watching now; nothing changes otherwise", async () => {
  const host = await guestToken(live.baseUrl, "Matrix Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const guest = await guestToken(live.baseUrl, "Matrix Guest");
  const guestMember = await join(party.id, guest);
  const target = await join(party.id, await guestToken(live.baseUrl, "Matrix Target"));
  const outsider = await guestToken(live.baseUrl, "Matrix Outsider");
  await rosterHas(hostMember.stream, [guestMember.id, target.id]);

  const asGuest = await handover(party.id, guest, target.id);
  expect(asGuest.status).toBe(403);
  expect(await asGuest.json()).toMatchObject({ detail: "Only the host can hand over the host role.", code: "host_only" });
  // A guest cannot take the role either.
  expect((await handover(party.id, guest, guestMember.id)).status).toBe(403);
  expect((await handover(party.id, outsider, target.id)).status).toBe(403);
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "host.handover", memberId: target.id })).status).toBe(401);

  // The host's own mistakes: bad input 422, someone who never joined 404, themselves 409.
  expect((await handover(party.id, host, "")).status).toBe(422);
  expect((await command(live.baseUrl, party.id, host, { type: "host.handover" })).status).toBe(422);
  const stranger = await handover(party.id, host, "someone-never-here");
  expect(stranger.status).toBe(404);
  expect(((await stranger.json()) as { detail: string }).detail).toBe("That person has not joined this party.");
  const self = await handover(party.id, host, hostMember.id);
  expect(self.status).toBe(409);
  expect(((await self.json()) as { detail: string }).detail).toBe("You are already the host.");

  // A member who left is not someone to hand over to.
  const seen = hostMember.stream.events.length;
  target.stream.close();
  await hostMember.stream.waitFor(
    (e, event) => hostMember.stream.events.indexOf(event) >= seen && e.type === "presence" && rosterOf(e) !== null && !rosterOf(e)!.some((m) => m.userId === target.id),
  );
  const away = await handover(party.id, host, target.id);
  expect(away.status).toBe(409);
  expect(((await away.json()) as { detail: string }).detail).toBe("Only someone watching right now can become the host.");

  // Nothing changed: the host is still the host, playback is still theirs alone.
  expect((await detail(party.id, host)).role).toBe("host");
  expect((await detail(party.id, guest)).role).toBe("guest");
  expect((await command(live.baseUrl, party.id, guest, { type: "pause", position: 1 })).status).toBe(403);
  expect(guestMember.stream.events.some((e) => e.data.type === "party")).toBe(false);
});

test("the new host leads: every stream, the roster, playback, details, the public list and moderation follow", async () => {
  const oldHost = await account("oldhost");
  const newHost = await account("newhost");
  const party = await createParty(live.baseUrl, oldHost.token, { video_title: "Hand-over Heat" });
  const a = await join(party.id, oldHost.token);
  const b = await join(party.id, newHost.token);
  const viewerToken = await guestToken(live.baseUrl, "Watching Wes");
  const viewer = await join(party.id, viewerToken);
  await rosterHas(a.stream, [b.id, viewer.id]);

  const res = await handover(party.id, oldHost.token, b.id);
  expect(res.status).toBe(200);
  for (const s of [a.stream, b.stream, viewer.stream]) {
    await s.waitFor((e) => e.type === "party" && (e.party as { hostUserId: string }).hostUserId === b.id);
  }
  // The roster marks the new host (first) and the old host as a guest.
  await viewer.stream.waitFor((e) => {
    const roster = e.type === "presence" ? rosterOf(e) : null;
    return roster !== null && roster[0]?.userId === b.id && roster[0].role === "host" && roster.some((m) => m.userId === a.id && m.role === "guest");
  });

  // Playback is the new host's: theirs is published, the old host's refused.
  const oldPause = await command(live.baseUrl, party.id, oldHost.token, { type: "pause", position: 3 });
  expect(oldPause.status).toBe(403);
  expect((await command(live.baseUrl, party.id, newHost.token, { type: "pause", position: 4 })).status).toBe(200);
  await a.stream.waitFor((e) => e.type === "playback" && (e.state as { paused: boolean; position: number }).paused && (e.state as { position: number }).position === 4);
  // The old host still chats, as a guest.
  expect((await command(live.baseUrl, party.id, oldHost.token, { type: "chat", text: "over to you" })).status).toBe(200);

  // The database follows: roles in the details, the host's name in the public list.
  expect(await detail(party.id, newHost.token)).toMatchObject({ role: "host", host_username: newHost.username });
  expect((await detail(party.id, oldHost.token)).role).toBe("guest");
  const list = (await (await api(live.baseUrl, "GET", "/api/v1/parties/active", null)).json()) as { id: string; host_username: string | null }[];
  expect(list.find((p) => p.id === party.id)?.host_username).toBe(newHost.username);

  // Moderation is the new host's.
  const oldKick = await command(live.baseUrl, party.id, oldHost.token, { type: "member.mute", memberId: viewer.id });
  expect(oldKick.status).toBe(403);
  expect((await command(live.baseUrl, party.id, newHost.token, { type: "member.mute", memberId: viewer.id })).status).toBe(200);
  await viewer.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { muted: string[] }).muted.includes(viewer.id));

  // Reconnecting streams start in the new roles.
  expect((await join(party.id, oldHost.token)).role).toBe("guest");
  expect((await join(party.id, newHost.token)).role).toBe("host");

  // Whether the host is online follows the new host: the old host streaming does not count.
  for (const s of streams.filter((s) => s !== a.stream && s !== viewer.stream)) s.close();
  await viewer.stream.waitFor((e) => e.type === "presence" && e.hostOnline === false);
  // And the old host cannot hand it back.
  expect((await handover(party.id, oldHost.token, a.id)).status).toBe(403);
});

test("a member who hosts another live party cannot become this party's host (409)", async () => {
  const host = await guestToken(live.baseUrl, "Busy Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const otherHost = await guestToken(live.baseUrl, "Other Host");
  await createParty(live.baseUrl, otherHost, { video_title: "Their own party" });
  const member = await join(party.id, otherHost);
  await rosterHas(hostMember.stream, [member.id]);

  const res = await handover(party.id, host, member.id);
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ detail: "That member is hosting another live party.", code: "already_hosting" });
  expect((await detail(party.id, host)).role).toBe("host");
  expect((await command(live.baseUrl, party.id, host, { type: "pause", position: 1 })).status).toBe(200);
});

/**
 * Moderation of a live party against the real app: kick (out now, refused for 10
 * minutes), ban (refused for good, an account or a guest identity), and who may do it: the host only
 * (a guest, a non-member and an anonymous caller get 401/403 and nothing changes).
 */
import { Client } from "./helpers/app";
import { api, bearer, command, createParty, guestToken, livePartyApp, type Ev } from "./helpers/party";

jest.setTimeout(120_000);

const live = livePartyApp();

const join = live.join;

async function accountToken(name: string): Promise<string> {
  const client = new Client(live.baseUrl);
  const res = await client.signUp(`${name}${Date.now().toString(36)}`);
  expect(res.status).toBe(200);
  return res.headers.get("set-auth-token")!;
}

async function openEvents(partyId: string, token: string): Promise<{ status: number; detail?: string }> {
  const res = await fetch(`${live.baseUrl}/api/v1/parties/${partyId}/events`, { headers: { Accept: "text/event-stream", ...bearer(token) } });
  if (res.ok) {
    await res.body?.cancel();
    return { status: res.status };
  }
  return { status: res.status, detail: ((await res.json()) as { detail: string }).detail };
}

const joinStatus = async (partyId: string, token: string) => {
  const res = await api(live.baseUrl, "POST", `/api/v1/parties/${partyId}/join`, token);
  return { status: res.status, body: (await res.json()) as { detail?: string } };
};

test("the host kicks a guest: their stream gets the removal and closes, and they cannot rejoin", async () => {
  const host = await guestToken(live.baseUrl, "Kick Host");
  const party = await createParty(live.baseUrl, host);
  const hostStream = (await join(party.id, host)).stream;
  const guest = await guestToken(live.baseUrl, "Kicked Kim");
  const kim = await join(party.id, guest);
  const other = await join(party.id, await guestToken(live.baseUrl, "Stays Sam"));

  const res = await command(live.baseUrl, party.id, host, { type: "member.kick", memberId: kim.id });
  expect(res.status).toBe(200);
  await kim.stream.waitFor((e) => e.type === "member.removed" && e.memberId === kim.id && e.reason === "kick");
  await kim.stream.done; // the server closed it
  // Everyone else sees who left; their streams stay open.
  await other.stream.waitFor((e) => e.type === "member.removed" && e.memberId === kim.id);
  const removedAt = await hostStream.waitFor((e) => e.type === "member.removed");
  const names = (e: Ev) => ((e.roster as { displayName: string }[] | undefined) ?? []).map((m) => m.displayName).join();
  await hostStream.waitFor(
    (e, event) => hostStream.events.indexOf(event) > hostStream.events.indexOf(removedAt) && e.type === "presence" && e.members === 2 && names(e) === "Kick Host,Stays Sam",
  );

  // Refused everywhere: commands, a new stream, an explicit join.
  const chat = await command(live.baseUrl, party.id, guest, { type: "chat", text: "let me back" });
  expect(chat.status).toBe(403);
  expect(await openEvents(party.id, guest)).toEqual({ status: 403, detail: "The host removed you from the party." });
  expect(await joinStatus(party.id, guest)).toMatchObject({ status: 403, body: { detail: "The host removed you from the party." } });
  // The others are not affected.
  expect((await command(live.baseUrl, party.id, host, { type: "chat", text: "still here" })).status).toBe(200);
  await other.stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "still here");
});

test("a ban refuses an account for good, and a ban outranks a later kick", async () => {
  const host = await accountToken("banhost");
  const party = await createParty(live.baseUrl, host);
  await join(party.id, host);
  const account = await accountToken("banned");
  const banned = await join(party.id, account);

  expect((await command(live.baseUrl, party.id, host, { type: "member.ban", memberId: banned.id })).status).toBe(200);
  await banned.stream.waitFor((e) => e.type === "member.removed" && e.reason === "ban");
  await banned.stream.done;
  expect(await openEvents(party.id, account)).toEqual({ status: 403, detail: "The host banned you from this party." });
  // Kicking a banned member (they are out already) does not shorten the ban.
  expect((await command(live.baseUrl, party.id, host, { type: "member.kick", memberId: banned.id })).status).toBe(200);
  expect(await joinStatus(party.id, account)).toMatchObject({ status: 403, body: { detail: "The host banned you from this party." } });
  // Another party of the same host is not affected: a ban is per party.
});

test("only the host moderates: guest, non-member and anonymous get 403/401 and nothing changes", async () => {
  const host = await guestToken(live.baseUrl, "Matrix Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const guest = await guestToken(live.baseUrl, "Matrix Guest");
  const guestMember = await join(party.id, guest);
  const target = await join(party.id, await guestToken(live.baseUrl, "Matrix Target"));
  const outsider = await guestToken(live.baseUrl, "Matrix Outsider");

  for (const type of ["member.kick", "member.ban"]) {
    const asGuest = await command(live.baseUrl, party.id, guest, { type, memberId: target.id });
    expect(asGuest.status).toBe(403);
    expect(((await asGuest.json()) as { detail: string }).detail).toBe("Only the host can moderate the party.");
    // A guest cannot remove the host either.
    expect((await command(live.baseUrl, party.id, guest, { type, memberId: hostMember.id })).status).toBe(403);
    expect((await command(live.baseUrl, party.id, outsider, { type, memberId: target.id })).status).toBe(403);
    const anonymous = await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type, memberId: target.id });
    expect(anonymous.status).toBe(401);
  }
  // Nothing changed: the target still chats and still streams.
  expect((await command(live.baseUrl, party.id, guest, { type: "chat", text: "nothing happened" })).status).toBe(200);
  await target.stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "nothing happened");
  expect(target.stream.events.some((e) => e.data.type === "member.removed")).toBe(false);
  expect(guestMember.stream.events.some((e) => e.data.type === "member.removed")).toBe(false);

  // The host's own mistakes: bad input is 422, a stranger 404, the host themselves 409.
  expect((await command(live.baseUrl, party.id, host, { type: "member.kick" })).status).toBe(422);
  expect((await command(live.baseUrl, party.id, host, { type: "member.kick", memberId: "x".repeat(65) })).status).toBe(422);
  const stranger = await command(live.baseUrl, party.id, host, { type: "member.kick", memberId: "someone-never-here" });
  expect(stranger.status).toBe(404);
  expect(((await stranger.json()) as { detail: string }).detail).toBe("That person has not joined this party.");
  expect((await command(live.baseUrl, party.id, host, { type: "member.ban", memberId: hostMember.id })).status).toBe(409);
  expect((await joinStatus(party.id, outsider)).status).toBe(200);
  expect(await openEvents(party.id, outsider)).toEqual({ status: 200 });
});

test("mute, slow mode and lock: host only, enforced on chat and joins, replicated to every stream", async () => {
  const host = await guestToken(live.baseUrl, "Room Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const guest = await guestToken(live.baseUrl, "Chatty Cat");
  const cat = await join(party.id, guest);
  const outsider = await guestToken(live.baseUrl, "Mod Outsider");
  const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;

  // Authorization: a guest, a non-member and an anonymous caller change nothing.
  for (const body of [
    { type: "member.mute", memberId: cat.id },
    { type: "room.slowmode", seconds: 30 },
    { type: "room.lock", locked: true },
    { type: "room.waitforall", enabled: true },
  ]) {
    expect((await command(live.baseUrl, party.id, guest, body)).status).toBe(403);
    expect((await command(live.baseUrl, party.id, outsider, body)).status).toBe(403);
    expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, ...body })).status).toBe(401);
  }
  expect(cat.stream.events.some((e) => e.data.type === "moderation")).toBe(false);
  expect((await command(live.baseUrl, party.id, host, { type: "room.slowmode", seconds: 301 })).status).toBe(422);

  // Mute: the member's chat is refused; everyone's stream carries the new state; unmute lifts it.
  expect((await command(live.baseUrl, party.id, host, { type: "member.mute", memberId: cat.id })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { muted: string[] }).muted.includes(cat.id));
  const muted = await command(live.baseUrl, party.id, guest, { type: "chat", text: "can you hear me" });
  expect(muted.status).toBe(403);
  expect(await detail(muted)).toBe("The host muted you.");
  const late = await join(party.id, await guestToken(live.baseUrl, "Late Lou"));
  expect((await late.stream.waitFor((e) => e.type === "snapshot")).data.moderation).toEqual({ muted: [cat.id], slowModeSeconds: 0, locked: false, twitchVotes: false, waitForEveryone: false, pauseForAds: false });
  expect((await command(live.baseUrl, party.id, host, { type: "member.unmute", memberId: cat.id })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { muted: string[] }).muted.length === 0);
  expect((await command(live.baseUrl, party.id, guest, { type: "chat", text: "back" })).status).toBe(200);

  // Slow mode: one message per N seconds per member (429 with the wait); the host is not slowed.
  expect((await command(live.baseUrl, party.id, host, { type: "room.slowmode", seconds: 300 })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { slowModeSeconds: number }).slowModeSeconds === 300);
  const slowed = await command(live.baseUrl, party.id, guest, { type: "chat", text: "again" });
  expect(slowed.status).toBe(429);
  expect(await detail(slowed)).toMatch(/^Slow mode is on: you can send another message in \d+ s\.$/);
  expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await command(live.baseUrl, party.id, guest, { type: "chat", text: "again" })).status).toBe(429);
  expect((await command(live.baseUrl, party.id, host, { type: "chat", text: "host 1" })).status).toBe(200);
  expect((await command(live.baseUrl, party.id, host, { type: "chat", text: "host 2" })).status).toBe(200);
  expect((await command(live.baseUrl, party.id, host, { type: "room.slowmode", seconds: 0 })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { slowModeSeconds: number }).slowModeSeconds === 0);
  expect((await command(live.baseUrl, party.id, guest, { type: "chat", text: "free again" })).status).toBe(200);

  // Lock: new joiners are refused; members already in stay (and may reconnect).
  expect((await command(live.baseUrl, party.id, host, { type: "room.lock", locked: true })).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { locked: boolean }).locked);
  expect(await openEvents(party.id, outsider)).toEqual({ status: 403, detail: "Join the party (POST /api/v1/parties/{id}/join) before opening its stream." });
  expect(await joinStatus(party.id, outsider)).toMatchObject({ status: 403, body: { detail: "This party is locked." } });
  expect((await joinStatus(party.id, guest)).status).toBe(200);
  expect((await command(live.baseUrl, party.id, host, { type: "room.lock", locked: false })).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "moderation" && !(e.moderation as { locked: boolean }).locked);
  expect((await joinStatus(party.id, outsider)).status).toBe(200);

  // The buffering policy: wait for everyone, on and off, replicated like the rest.
  expect((await command(live.baseUrl, party.id, host, { type: "room.waitforall", enabled: "yes" })).status).toBe(422);
  expect((await command(live.baseUrl, party.id, host, { type: "room.waitforall", enabled: true })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { waitForEveryone: boolean }).waitForEveryone);
  expect((await join(party.id, guest)).snapshot.moderation).toMatchObject({ waitForEveryone: true });
  expect((await command(live.baseUrl, party.id, host, { type: "room.waitforall", enabled: false })).status).toBe(200);
  await cat.stream.waitFor((e) => e.type === "moderation" && !(e.moderation as { waitForEveryone: boolean }).waitForEveryone);
});

test("a crowd joining at once: each join is decided on its own (a banned guest is refused, a guest from another party moves over)", async () => {
  const host = await guestToken(live.baseUrl, "Crowd Host");
  const party = await createParty(live.baseUrl, host);
  await join(party.id, host);
  const otherHost = await guestToken(live.baseUrl, "Other Host");
  const other = await createParty(live.baseUrl, otherHost);
  await join(other.id, otherHost);
  const mover = await guestToken(live.baseUrl, "Mover Mo");
  await join(other.id, mover);
  const banned = await guestToken(live.baseUrl, "Banned Bo");
  const bannedMember = await join(party.id, banned);
  expect((await command(live.baseUrl, party.id, host, { type: "member.ban", memberId: bannedMember.id })).status).toBe(200);
  await bannedMember.stream.done;
  const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => guestToken(live.baseUrl, `Crowd ${i}`)));

  // Every join arrives in the same moment (joins written together must still be answered one by one).
  const answers = await Promise.all(
    [...crowd, mover, banned].map(async (token) => {
      const { status, body } = await joinStatus(party.id, token);
      return status === 200 ? { status } : { status, detail: body.detail };
    }),
  );
  expect(answers.slice(0, crowd.length + 1)).toEqual(Array.from({ length: crowd.length + 1 }, () => ({ status: 200 })));
  expect(answers.at(-1)).toEqual({ status: 403, detail: "The host banned you from this party." });

  const currentParty = async (token: string) =>
    ((await (await api(live.baseUrl, "GET", "/api/v1/users/me/current-party", token)).json()) as { current_party: { id: string } | null }).current_party?.id ?? null;
  expect(await Promise.all([...crowd, mover].map(currentParty))).toEqual(Array.from({ length: crowd.length + 1 }, () => party.id));
  expect(await currentParty(banned)).toBeNull();
  // The party the mover left takes nothing more from them; the one they joined does.
  expect((await command(live.baseUrl, other.id, mover, { type: "chat", text: "still here?" })).status).toBe(403);
  expect((await command(live.baseUrl, party.id, mover, { type: "chat", text: "here now" })).status).toBe(200);
  expect((await command(live.baseUrl, party.id, banned, { type: "chat", text: "let me in" })).status).toBe(403);
});

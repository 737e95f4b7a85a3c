/**
 * Reporting a chat message to the host, against the real app: the host's streams and the reporter's
 * own get the report (who reported which message), nobody else's; a reconnect's snapshot keeps them;
 * only members report, never their own message, only a message still in the chat; reports are
 * rate limited per member.
 */
import { api, command, createParty, guestToken, livePartyApp, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

const live = livePartyApp();

const join = live.join;

/** Sends a chat message and returns its id, as everyone's stream shows it. */
async function chat(partyId: string, token: string, text: string, s: SseClient<Ev>): Promise<string> {
  expect((await command(live.baseUrl, partyId, token, { type: "chat", text })).status).toBe(200);
  const event = await s.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === text);
  return (event.data.message as { id: string }).id;
}

const report = (partyId: string, token: string, messageId: string) => command(live.baseUrl, partyId, token, { type: "chat.report", messageId });

test("a member reports a message: the host and the reporter see it, the author and the others do not", async () => {
  const host = await guestToken(live.baseUrl, "Report Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const ann = await guestToken(live.baseUrl, "Reporting Ann");
  const annMember = await join(party.id, ann);
  const bob = await guestToken(live.baseUrl, "Rude Bob");
  const bobMember = await join(party.id, bob);
  const cat = await join(party.id, await guestToken(live.baseUrl, "Quiet Cat"));

  const rude = await chat(party.id, bob, "something rude", annMember.stream);
  expect((await report(party.id, ann, rude)).status).toBe(200);
  const expected = { messageId: rude, reporterId: annMember.id, reporterName: "Reporting Ann", authorId: bobMember.id, authorName: "Rude Bob", text: "something rude" };
  expect((await hostMember.stream.waitFor((e) => e.type === "chat.report")).data.report).toMatchObject(expected);
  expect((await annMember.stream.waitFor((e) => e.type === "chat.report")).data.report).toMatchObject(expected);
  // Reporting it again changes nothing.
  expect((await report(party.id, ann, rude)).status).toBe(200);

  // Everyone's stream carries the log in order: once the next message arrived, a report would have too.
  await chat(party.id, host, "after the report", bobMember.stream);
  await cat.stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "after the report");
  await annMember.stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "after the report");
  for (const s of [bobMember.stream, cat.stream]) expect(s.events.some((e) => e.data.type === "chat.report")).toBe(false);
  expect(annMember.stream.events.filter((e) => e.data.type === "chat.report")).toHaveLength(1);

  // Snapshots keep them: every report for the host, your own for the reporter, none for the others.
  expect((await join(party.id, host)).snapshot.reports).toEqual([expect.objectContaining(expected)]);
  expect((await join(party.id, ann)).snapshot.reports).toEqual([expect.objectContaining(expected)]);
  expect((await join(party.id, bob)).snapshot.reports).toEqual([]);
});

test("who may report what: members only, not their own message, only a message in the chat; rate limited", async () => {
  const host = await guestToken(live.baseUrl, "Rules Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const ann = await guestToken(live.baseUrl, "Rules Ann");
  const annMember = await join(party.id, ann);
  const outsider = await guestToken(live.baseUrl, "Rules Outsider");
  const mine = await chat(party.id, ann, "my own words", hostMember.stream);
  const hosts = await chat(party.id, host, "the host speaks", annMember.stream);

  const own = await report(party.id, ann, mine);
  expect(own.status).toBe(409);
  expect(await own.json()).toEqual({ detail: "You cannot report your own message.", code: "own_message" });
  expect((await report(party.id, outsider, hosts)).status).toBe(403);
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "chat.report", messageId: hosts })).status).toBe(401);
  const unknown = await report(party.id, ann, "no-such-message");
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { detail: string }).detail).toBe("That message is no longer in the chat.");
  expect((await command(live.baseUrl, party.id, ann, { type: "chat.report" })).status).toBe(422);
  expect((await command(live.baseUrl, party.id, ann, { type: "chat.report", messageId: "x".repeat(65) })).status).toBe(422);
  expect(hostMember.stream.events.some((e) => e.data.type === "chat.report")).toBe(false);

  // Five reports a minute per member; the sixth waits.
  const ids: string[] = [];
  for (let i = 0; i < 6; i += 1) ids.push(await chat(party.id, host, `message ${i}`, annMember.stream));
  for (const id of ids.slice(0, 5)) expect((await report(party.id, ann, id)).status).toBe(200);
  const limited = await report(party.id, ann, ids[5]!);
  expect(limited.status).toBe(429);
  expect(((await limited.json()) as { detail: string }).detail).toBe("You're reporting messages too fast. Please wait a moment.");
  expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
});

test("a member's buffering report reaches everyone's stream with who it is; bad input, outsiders and floods are refused", async () => {
  const host = await guestToken(live.baseUrl, "Buffer Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const gail = await guestToken(live.baseUrl, "Slow Gail");
  const gailMember = await join(party.id, gail);
  const outsider = await guestToken(live.baseUrl, "Buffer Outsider");
  const buffering = (token: string, on: unknown) => command(live.baseUrl, party.id, token, { type: "buffering", on });

  expect((await buffering(gail, true)).status).toBe(200);
  const started = await hostMember.stream.waitFor((e) => e.type === "member.buffering");
  expect(started.data).toMatchObject({ memberId: gailMember.id, displayName: "Slow Gail", on: true });
  expect((await buffering(gail, false)).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "member.buffering" && e.on === false);

  const bad = await buffering(gail, "yes");
  expect(bad.status).toBe(422);
  expect(((await bad.json()) as { detail: string }).detail).toMatch(/^on: /);
  expect((await buffering(outsider, true)).status).toBe(403);
  // Six reports in ten seconds per member; the next waits (a client reports only stalls over a second).
  for (let i = 0; i < 4; i += 1) expect((await buffering(gail, i % 2 === 0)).status).toBe(200);
  const limited = await buffering(gail, true);
  expect(limited.status).toBe(429);
  expect(((await limited.json()) as { detail: string }).detail).toBe("Too many buffering reports. Please wait a moment.");
  // The log is in order: once a later message is here, every accepted report is too.
  await chat(party.id, host, "after the buffering reports", hostMember.stream);
  expect(hostMember.stream.events.filter((e) => e.data.type === "member.buffering")).toHaveLength(6);
});

/**
 * Ads on one side, against the real app: a member's `ad` report reaches every stream with who it is,
 * a late joiner's snapshot names who is watching an ad (and forgets whoever left), bad input and
 * outsiders are refused and floods are limited; "Pause for ads" is the host's choice alone,
 * replicated to every stream and kept in the snapshot.
 */
import { api, command, createParty, guestToken, livePartyApp, type Ev } from "./helpers/party";

jest.setTimeout(120_000);

const live = livePartyApp();
const join = live.join;
const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;

test("an ad report reaches everyone with who it is; a late joiner sees it; bad input, outsiders and floods are refused", async () => {
  const host = await guestToken(live.baseUrl, "Ad Host");
  const party = await createParty(live.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" });
  const hostMember = await join(party.id, host);
  const gail = await guestToken(live.baseUrl, "Ad Gail");
  const gailMember = await join(party.id, gail);
  const sam = await join(party.id, await guestToken(live.baseUrl, "Ad Sam"));
  const outsider = await guestToken(live.baseUrl, "Ad Outsider");
  const ad = (token: string, on: unknown) => command(live.baseUrl, party.id, token, { type: "ad", on });

  expect((await ad(gail, true)).status).toBe(200);
  const expected = { memberId: gailMember.id, displayName: "Ad Gail", on: true };
  expect((await hostMember.stream.waitFor((e) => e.type === "member.ad")).data).toMatchObject(expected);
  expect((await sam.stream.waitFor((e) => e.type === "member.ad")).data).toMatchObject(expected);
  // Someone who joins during the ad learns of it from the snapshot.
  const late = await join(party.id, await guestToken(live.baseUrl, "Ad Latecomer"));
  expect(late.snapshot.ads).toEqual([{ memberId: gailMember.id, displayName: "Ad Gail" }]);
  expect((await ad(gail, false)).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "member.ad" && e.on === false);
  expect((await join(party.id, await guestToken(live.baseUrl, "Ad Second Latecomer"))).snapshot.ads).toEqual([]);

  // Bad input is 422 with the field named; someone outside the party is 403; nobody else's stream hears of it.
  const bad = await ad(gail, "yes");
  expect(bad.status).toBe(422);
  expect(await detail(bad)).toMatch(/^on: /);
  expect((await command(live.baseUrl, party.id, gail, { type: "ad" })).status).toBe(422);
  const outside = await ad(outsider, true);
  expect(outside.status).toBe(403);
  expect(await detail(outside)).toBeTruthy();
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "ad", on: true })).status).toBe(401);

  // Ten reports a minute per member; the next waits (a client reports an ad break as one on and one off).
  for (let i = 0; i < 8; i += 1) expect((await ad(gail, i % 2 === 0)).status).toBe(200);
  const limited = await ad(gail, true);
  expect(limited.status).toBe(429);
  expect(await detail(limited)).toBe("Too many ad reports. Please wait a moment.");
  // Another member is not limited by Gail's reports.
  expect((await command(live.baseUrl, party.id, host, { type: "ad", on: true })).status).toBe(200);
  await sam.stream.waitFor((e) => e.type === "member.ad" && e.memberId === hostMember.id);
  // The log is in order: once the host's report is here, every accepted one of Gail's is too.
  expect(sam.stream.events.filter((e) => e.data.type === "member.ad" && e.data.memberId === gailMember.id)).toHaveLength(10);
});

test("whoever leaves during an ad is no longer named as watching one", async () => {
  const host = await guestToken(live.baseUrl, "Leave Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const gail = await guestToken(live.baseUrl, "Leaving Gail");
  const gailMember = await join(party.id, gail);
  expect((await command(live.baseUrl, party.id, gail, { type: "ad", on: true })).status).toBe(200);
  const started = await hostMember.stream.waitFor((e) => e.type === "member.ad");
  // Gail closes her tab mid-ad: no "off" ever comes, the roster tells. (A roster naming the host
  // alone also came before Gail joined: only one after her ad counts.)
  gailMember.stream.close();
  const names = (e: Ev) => ((e.roster as { displayName: string }[] | undefined) ?? []).map((m) => m.displayName).join();
  const after = (event: unknown) => hostMember.stream.events.indexOf(event as (typeof hostMember.stream.events)[number]) > hostMember.stream.events.indexOf(started);
  await hostMember.stream.waitFor((e, event) => after(event) && e.type === "presence" && names(e) === "Leave Host");
  expect((await join(party.id, await guestToken(live.baseUrl, "Leave Latecomer"))).snapshot.ads).toEqual([]);
});

test("Pause for ads is the host's choice: others are refused, bad input is 422, every stream and the snapshot carry it", async () => {
  const host = await guestToken(live.baseUrl, "Policy Host");
  const party = await createParty(live.baseUrl, host);
  const hostMember = await join(party.id, host);
  const guest = await guestToken(live.baseUrl, "Policy Guest");
  const guestMember = await join(party.id, guest);
  const outsider = await guestToken(live.baseUrl, "Policy Outsider");
  const pauseForAds = (token: string, enabled: unknown) => command(live.baseUrl, party.id, token, { type: "room.pauseforads", enabled });
  expect(hostMember.snapshot.moderation).toMatchObject({ pauseForAds: false });

  const refused = await pauseForAds(guest, true);
  expect(refused.status).toBe(403);
  expect(await detail(refused)).toBe("Only the host can moderate the party.");
  expect((await pauseForAds(outsider, true)).status).toBe(403);
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "room.pauseforads", enabled: true })).status).toBe(401);
  const bad = await pauseForAds(host, "on");
  expect(bad.status).toBe(422);
  expect(await detail(bad)).toMatch(/^enabled: /);

  expect((await pauseForAds(host, true)).status).toBe(200);
  const on = await guestMember.stream.waitFor((e) => e.type === "moderation");
  expect(on.data.moderation).toMatchObject({ pauseForAds: true, waitForEveryone: false });
  // The refused attempts changed nothing: this is the first moderation event.
  expect(guestMember.stream.events.filter((e) => e.data.type === "moderation")).toHaveLength(1);
  expect((await join(party.id, guest)).snapshot.moderation).toMatchObject({ pauseForAds: true });
  // Setting it again to what it is publishes nothing; turning it off does.
  expect((await pauseForAds(host, true)).status).toBe(200);
  expect((await pauseForAds(host, false)).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "moderation" && !(e.moderation as { pauseForAds: boolean }).pauseForAds);
  expect(hostMember.stream.events.filter((e) => e.data.type === "moderation")).toHaveLength(2);
});

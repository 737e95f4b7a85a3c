/**
 * PATCH /api/v1/parties/{id}: the host renames a live party (a room started from a bare link takes
 * its video's own title this way). Every member's stream gets the new title on the same media item (no
 * player reloads), the public list and the party's own view show it; anyone but the host is refused
 * (403, and ending is the host's too), bad input is a 422 with the reason, an ended party a 409.
 */
import { api, guestToken, livePartyApp, type Ev } from "./helpers/party";

jest.setTimeout(120_000);

const live = livePartyApp();
const UNTITLED = "YouTube video aqz-KE-bpKQ";

async function youtubeParty(host: string, visibility: "public" | "private" = "public") {
  const res = await api(live.baseUrl, "POST", "/api/v1/parties", host, { video_url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", video_title: UNTITLED, visibility });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; invite_code: string };
}

async function detailOf(res: Response): Promise<string> {
  return ((await res.json()) as { detail: string }).detail;
}

test("the host renames the party: members see the new title on the same video, and so do the list and the party's view", async () => {
  const host = await guestToken(live.baseUrl, "Rena Host");
  const guest = await guestToken(live.baseUrl, "Rena Guest");
  const party = await youtubeParty(host);
  const watcher = await live.join(party.id, guest);
  const mediaId = ((watcher.snapshot.party as Ev).media as { id: string }).id;

  const res = await api(live.baseUrl, "PATCH", `/api/v1/parties/${party.id}`, host, { video_title: "  Big Buck Bunny  " });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { video_title: string }).video_title).toBe("Big Buck Bunny");

  const renamed = await watcher.stream.waitFor((e) => e.type === "party" && (e.party as { title: string }).title === "Big Buck Bunny");
  const media = (renamed.data.party as { media: { id: string; title: string; url: string } }).media;
  expect(media).toMatchObject({ id: mediaId, title: "Big Buck Bunny", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" });

  const view = (await (await api(live.baseUrl, "GET", `/api/v1/parties/${party.id}`, guest)).json()) as { video_title: string };
  expect(view.video_title).toBe("Big Buck Bunny");
  const listed = (await (await fetch(`${live.baseUrl}/api/v1/parties/active`)).json()) as { id: string; video_title: string }[];
  expect(listed.find((p) => p.id === party.id)?.video_title).toBe("Big Buck Bunny");
  expect((await api(live.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host)).status).toBe(204);
});

test("only the host renames or ends the party: a member gets 403, a stranger to a private party 404, no identity 401", async () => {
  const host = await guestToken(live.baseUrl, "Owner Olga");
  const guest = await guestToken(live.baseUrl, "Member Max");
  const stranger = await guestToken(live.baseUrl, "Stranger Sam");
  const party = await youtubeParty(host, "private");
  await live.join(party.invite_code, guest);

  const rename = await api(live.baseUrl, "PATCH", `/api/v1/parties/${party.id}`, guest, { video_title: "Hijacked" });
  expect(rename.status).toBe(403);
  expect(await detailOf(rename)).toBe("Only the host can rename the party.");
  const end = await api(live.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, guest);
  expect(end.status).toBe(403);
  expect(await detailOf(end)).toBe("Only the host can end the party.");
  // A private party's id names nothing to someone who is not in it.
  expect((await api(live.baseUrl, "PATCH", `/api/v1/parties/${party.id}`, stranger, { video_title: "Hijacked" })).status).toBe(404);
  expect((await api(live.baseUrl, "PATCH", `/api/v1/parties/${party.id}`, null, { video_title: "Hijacked" })).status).toBe(401);

  const view = (await (await api(live.baseUrl, "GET", `/api/v1/parties/${party.id}`, host)).json()) as { video_title: string; state: string };
  expect(view).toMatchObject({ video_title: UNTITLED, state: "ACTIVE" });
  expect((await api(live.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host)).status).toBe(204);
});

test("bad input is a 422 with the reason (400 for a body that is not JSON); an unknown party 404; an ended party 409", async () => {
  const host = await guestToken(live.baseUrl, "Careful Cat");
  const party = await youtubeParty(host);
  const url = `/api/v1/parties/${party.id}`;
  const cases: [unknown, number, RegExp][] = [
    [{}, 422, /video_title/],
    [{ video_title: "   " }, 422, /video_title is required/],
    [{ video_title: "x".repeat(301) }, 422, /video_title/],
    [{ video_title: 42 }, 422, /video_title/],
    ["not json", 400, /valid JSON/],
  ];
  for (const [body, status, reason] of cases) {
    const res = await api(live.baseUrl, "PATCH", url, host, body);
    expect(res.status).toBe(status);
    expect(await detailOf(res)).toMatch(reason);
  }
  expect((await api(live.baseUrl, "PATCH", "/api/v1/parties/NOSUCHPARTY1", host, { video_title: "Anything" })).status).toBe(404);

  expect((await api(live.baseUrl, "DELETE", url, host)).status).toBe(204);
  const late = await api(live.baseUrl, "PATCH", url, host, { video_title: "Too late" });
  expect(late.status).toBe(409);
  expect(await detailOf(late)).toBe("This party has ended.");
});

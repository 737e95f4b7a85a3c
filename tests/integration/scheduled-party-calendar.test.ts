/**
 * "Add to calendar": GET /api/v1/scheduled-parties/{id}/calendar against the real app, read back with
 * ical.js (a calendar parser, as calendar apps read the file): it parses; the event starts at the
 * party's instant whichever offset it was entered with, and reads right in two time zones; text with
 * the characters iCalendar escapes, line breaks and long non-ASCII text comes back as written; a
 * private party's file is for those who may see the party.
 */
import ICAL from "ical.js";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(120_000);

let app: RunningApp;
let host: Client;
let stranger: Client;

beforeAll(async () => {
  app = await startApp();
  host = new Client(app.baseUrl);
  stranger = new Client(app.baseUrl);
  expect((await host.signUp(uniqueName("cal"))).status).toBe(200);
  expect((await stranger.signUp(uniqueName("calx"))).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
});

interface Party {
  id: string;
  invite_code: string | null;
}

async function schedule(body: Record<string, unknown>): Promise<Party> {
  const res = await host.post("/api/v1/scheduled-parties", { show_movie: "Netflix", ...body });
  expect(res.status).toBe(201);
  return (await res.json()) as Party;
}

async function eventOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="viewparty-[\w-]+\.ics"$/);
  const text = await res.text();
  // Every line ends in CRLF and none is longer than 75 octets.
  for (const line of text.split("\r\n").slice(0, -1)) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  expect(text.endsWith("\r\n")).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return new ICAL.Event(vevent);
}

const wallClock = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);

test("the event starts at the party's instant, entered in New York time or in Tokyo time, and reads right in both zones", async () => {
  // 16:00 in New York on 14 March 2031 (daylight time, UTC-4) is 20:00 UTC and 05:00 on the 15th in Tokyo.
  const fromNewYork = await schedule({ title: "Heat", date_time: "2031-03-14T16:00:00-04:00" });
  const fromTokyo = await schedule({ title: "Heat again", date_time: "2031-03-15T05:00:00+09:00" });
  for (const party of [fromNewYork, fromTokyo]) {
    const event = await eventOf(await host.get(`/api/v1/scheduled-parties/${party.id}/calendar`));
    const start = event.startDate.toJSDate();
    expect(start.toISOString()).toBe("2031-03-14T20:00:00.000Z");
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(wallClock(start, "America/New_York")).toBe("14/03/2031, 16:00");
    expect(wallClock(start, "Asia/Tokyo")).toBe("15/03/2031, 05:00");
    expect(event.endDate.toJSDate().getTime() - start.getTime()).toBe(120 * 60_000);
    expect(event.uid).toBe(`scheduled-party-${party.id}@viewparty`);
  }
});

test("titles and descriptions come back as written: escaped characters, line breaks, long non-ASCII text", async () => {
  const title = "Heat; Collateral, and \\ the rest — «Mann night» 🎬";
  const description = `Bring snacks, drinks; and friends.\nSecond line\\ends here.\n${"Überlänge und Popcorn. ".repeat(12)}`;
  const party = await schedule({ title, description, date_time: "2031-06-01T18:30:00Z" });
  const event = await eventOf(await host.get(`/api/v1/scheduled-parties/${party.id}/calendar`));
  expect(event.summary).toBe(title);
  expect(event.description).toContain(description.trimEnd());
  expect(event.description).toContain("Platform: Netflix");
  const url = String(event.component.getFirstPropertyValue("url"));
  expect(url).toBe(`${app.baseUrl}/scheduled-parties?party=${party.id}`);
});

test("a private party's file: its host, and anyone with its invite code; not a stranger without it", async () => {
  const party = await schedule({ title: "Invite only", privacy: "private", date_time: "2031-07-01T19:00:00Z" });
  const path = `/api/v1/scheduled-parties/${party.id}/calendar`;
  expect((await stranger.get(path)).status).toBe(404);
  expect((await stranger.get(`${path}?code=wrong`)).status).toBe(404);
  const event = await eventOf(await stranger.get(`${path}?code=${party.invite_code}`));
  expect(event.summary).toBe("Invite only");
  expect(String(event.component.getFirstPropertyValue("url"))).toBe(`${app.baseUrl}/scheduled-parties?party=${party.id}&code=${party.invite_code}`);
  expect((await new Client(app.baseUrl).get("/api/v1/scheduled-parties/no-such-party/calendar")).status).toBe(404);
});

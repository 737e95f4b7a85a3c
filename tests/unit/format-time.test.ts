/** Times on the lists: in the viewer's zone (named) and relative where it helps, with "now" and the zone injected. */
import { formatAbsolute, formatRelative, formatScheduledFor, formatStarts } from "@/components/parties/format-time";

const NOW = Date.parse("2031-03-14T12:00:00Z"); // a Friday
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatAbsolute", () => {
  test("the same instant reads in each viewer's own zone, the zone named", () => {
    const iso = "2031-03-14T19:00:00Z";
    expect(formatAbsolute(iso, { now: NOW, timeZone: "Europe/Berlin", locale: "en-US" })).toBe("Mar 14, 2031, 8:00 PM GMT+1");
    expect(formatAbsolute(iso, { now: NOW, timeZone: "America/New_York", locale: "en-US" })).toBe("Mar 14, 2031, 3:00 PM EDT");
    expect(formatAbsolute(iso, { now: NOW, timeZone: "UTC", locale: "en-US" })).toBe("Mar 14, 2031, 7:00 PM UTC");
    // Late evening in Tokyo is already the next day there.
    expect(formatAbsolute("2031-03-14T16:30:00Z", { now: NOW, timeZone: "Asia/Tokyo", locale: "en-US" })).toBe("Mar 15, 2031, 1:30 AM GMT+9");
  });

  test("missing or unreadable → TBA", () => {
    for (const iso of [null, undefined, "", "next friday"]) expect(formatAbsolute(iso, { now: NOW, timeZone: "UTC" })).toBe("TBA");
  });
});

describe("formatRelative", () => {
  test.each([
    [at(15 * MIN), "in 15 min"],
    [at(2 * HOUR), "in 2 h"],
    [at(2 * HOUR + 20 * MIN), "in 2 h"],
    [at(-5 * MIN), "5 min ago"],
    [at(-3 * HOUR), "3 h ago"],
    [at(DAY), "in 1 day"],
    [at(3 * DAY), "in 3 days"],
    [at(-2 * DAY), "2 days ago"],
    [at(20_000), "now"],
    [at(-20_000), "now"],
  ])("%s → %s", (iso, expected) => {
    expect(formatRelative(iso, NOW)).toBe(expected);
  });

  test("more than a week away, or no time at all → nothing relative", () => {
    expect(formatRelative(at(8 * DAY), NOW)).toBeNull();
    expect(formatRelative(at(-8 * DAY), NOW)).toBeNull();
    expect(formatRelative("", NOW)).toBeNull();
    expect(formatRelative("soon", NOW)).toBeNull();
  });
});

describe("formatScheduledFor", () => {
  const berlin = { now: NOW, timeZone: "Europe/Berlin", locale: "en-US" };

  test("within a week: relative first, then the weekday and time in the viewer's zone", () => {
    expect(formatScheduledFor(at(2 * HOUR), berlin)).toBe("in 2 h · Fri, 3:00 PM GMT+1");
    expect(formatScheduledFor(at(2 * HOUR), { ...berlin, timeZone: "America/Los_Angeles" })).toBe("in 2 h · Fri, 7:00 AM PDT");
    expect(formatScheduledFor(at(-5 * MIN), berlin)).toBe("5 min ago · Fri, 12:55 PM GMT+1");
  });

  test("further away: the full date; missing: TBA", () => {
    expect(formatScheduledFor("2031-06-01T18:00:00Z", berlin)).toBe("Jun 1, 2031, 8:00 PM GMT+2");
    expect(formatScheduledFor(null, berlin)).toBe("TBA");
  });
});

test("formatStarts words a start for a person", () => {
  expect(formatStarts(at(15 * MIN), NOW)).toBe("Starts in 15 min");
  expect(formatStarts(at(-5 * MIN), NOW)).toBe("Started 5 min ago");
  expect(formatStarts(at(10_000), NOW)).toBe("Starts now");
  expect(formatStarts(at(30 * DAY), NOW)).toBeNull();
});

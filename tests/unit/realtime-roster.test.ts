/**
 * The party's roster: host first, then by arrival; bounded to ROSTER_MAX names; what each instance
 * shares is bounded too, and the roster built from several instances' shares is the exact one.
 */
import { aggregatePresence, loggedEvent } from "@/lib/server/realtime/bus";
import { Room } from "@/lib/server/realtime/room";
import { buildRoster, mergeProfiles, sameRoster, sharedProfiles, type MemberProfile } from "@/lib/server/realtime/roster";
import { initialPlaybackState, PROTOCOL_VERSION, ROSTER_MAX, serverEventSchema, type PartyMeta } from "@/lib/sync";

const profile = (name: string, since: number, guest = false): MemberProfile => ({ name, guest, since });

test("host first, then in order of arrival, with role and guest flags", () => {
  const roster = buildRoster({ g2: profile("Gus", 30, true), h: profile("Hana", 50), a1: profile("Ann", 10) }, "h");
  expect(roster).toEqual([
    { userId: "h", displayName: "Hana", role: "host", guest: false },
    { userId: "a1", displayName: "Ann", role: "guest", guest: false },
    { userId: "g2", displayName: "Gus", role: "guest", guest: true },
  ]);
});

test("a big party's roster holds ROSTER_MAX names: the host and the earliest arrivals", () => {
  const profiles = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`u${i}`, profile(`User ${i}`, 1000 - i)]));
  const roster = buildRoster(profiles, "u0");
  expect(roster).toHaveLength(ROSTER_MAX);
  expect(roster[0]).toMatchObject({ userId: "u0", role: "host" });
  expect(roster[1]?.userId).toBe("u499"); // arrived first
  expect(serverEventSchema.parse({ v: PROTOCOL_VERSION, type: "presence", members: 500, hostOnline: true, roster })).toBeTruthy();
  expect(() => serverEventSchema.parse({ v: PROTOCOL_VERSION, type: "presence", members: 500, hostOnline: true, roster: [...roster, roster[1]] })).toThrow();
});

test("each instance shares a bounded set of profiles, and the merged roster equals the one built from everyone", () => {
  const everyone = new Map<string, MemberProfile>();
  const instances = [new Map<string, MemberProfile>(), new Map<string, MemberProfile>(), new Map<string, MemberProfile>()];
  for (let i = 0; i < 400; i++) {
    const p = profile(`User ${i}`, (i * 7919) % 1000);
    everyone.set(`u${i}`, p);
    instances[i % 3]!.set(`u${i}`, p);
  }
  const host = "u250";
  const shares = instances.map((local) => sharedProfiles(local, host));
  for (const share of shares) expect(Object.keys(share).length).toBeLessThanOrEqual(ROSTER_MAX);
  expect(buildRoster(mergeProfiles(shares), host)).toEqual(buildRoster(Object.fromEntries(everyone), host));
  // A member streaming on two instances counts once, from its earliest arrival.
  expect(mergeProfiles([{ x: profile("X", 9) }, { x: profile("X", 3) }])).toEqual({ x: profile("X", 3) });
  const aggregated = aggregatePresence([
    { members: ["x", "y"], hostOnline: false, profiles: { x: profile("X", 9), y: profile("Y", 1) } },
    { members: ["x"], hostOnline: true, profiles: { x: profile("X", 3) } },
  ]);
  expect(aggregated).toMatchObject({ members: 2, hostOnline: true, profiles: { x: profile("X", 3), y: profile("Y", 1) } });
});

test("sameRoster compares order, names, roles and guest flags", () => {
  const a = buildRoster({ h: profile("H", 1), g: profile("G", 2, true) }, "h");
  expect(sameRoster(a, buildRoster({ h: profile("H", 5), g: profile("G", 6, true) }, "h"))).toBe(true);
  expect(sameRoster(a, buildRoster({ h: profile("H", 1), g: profile("G2", 2, true) }, "h"))).toBe(false);
  expect(sameRoster(a, buildRoster({ h: profile("H", 1) }, "h"))).toBe(false);
  expect(sameRoster(a, buildRoster({ h: profile("H", 1), g: profile("G", 2, true) }, "g"))).toBe(false);
});

test("the replica keeps the last roster a presence event carried and puts it in snapshots", () => {
  const meta = {
    id: "p1",
    state: "ACTIVE",
    title: "T",
    hostUserId: "h",
    hostDisplayName: "H",
    platformDomain: "youtube.com",
    chatProvider: "builtin",
    chatChannel: null,
    visibility: "public",
    streamerLatencyMs: 0,
    media: { id: "m0", url: "https://www.youtube.com/watch?v=abcdefghijk", title: "T", duration: null },
  } satisfies PartyMeta;
  const room = new Room(meta, initialPlaybackState("m0", 0));
  const roster = buildRoster({ h: profile("H", 1), g: profile("G", 2, true) }, "h");
  room.apply(loggedEvent("1", { v: PROTOCOL_VERSION, type: "presence", members: 2, hostOnline: true, roster }));
  // A presence event without a roster (only the count changed) keeps the names.
  room.apply(loggedEvent("2", { v: PROTOCOL_VERSION, type: "presence", members: 70, hostOnline: true }));
  const snapshot = room.snapshotFor({ userId: "g", displayName: "G" }, 5);
  expect(snapshot).toMatchObject({ members: 70, roster });
  expect(serverEventSchema.parse(snapshot)).toEqual(snapshot);
});

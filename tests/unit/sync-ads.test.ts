/**
 * Ads in the protocol: the `ad` report and the `member.ad` event parse (bad input does not), the
 * snapshot may name who watches an ad, the host's "Pause for ads" policy parses like the other
 * moderation commands and defaults to off; the lists of members in an ad fold alike everywhere.
 */
import {
  moderationCommandSchema,
  moderationStateSchema,
  parseClientCommand,
  parseServerEvent,
  presentMembers,
  PROTOCOL_VERSION as v,
  ROSTER_MAX,
  withMemberReport,
  withoutMember,
  type RosterMember,
} from "@/lib/sync";
import { partyMeta } from "./helpers/party-meta";

describe("protocol", () => {
  it("parses an ad report and its event; refuses what is not a yes or no, and a long name", () => {
    expect(parseClientCommand({ v, type: "ad", on: true })).toEqual({ ok: true, value: { v, type: "ad", on: true } });
    expect(parseClientCommand({ v, type: "ad", on: "yes" })).toMatchObject({ ok: false, code: "invalid_message", message: expect.stringMatching(/^on: /) });
    expect(parseClientCommand({ v, type: "ad" }).ok).toBe(false);
    const event = { v, type: "member.ad", memberId: "g1", displayName: "Gail", on: false };
    expect(parseServerEvent(JSON.parse(JSON.stringify(event)))).toEqual({ ok: true, value: event });
    expect(parseServerEvent({ ...event, displayName: "x".repeat(101) }).ok).toBe(false);
    expect(parseServerEvent({ ...event, memberId: "" }).ok).toBe(false);
  });

  it("lets a snapshot name who watches an ad (bounded like the roster), and an older server's snapshot lack it", () => {
    const snapshot = {
      v,
      type: "snapshot",
      party: partyMeta({ title: "T", hostUserId: "h", media: { id: "m0", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", title: "T", duration: null } }),
      playback: { mediaId: "m0", paused: true, position: 0, rate: 1, at: 1, seq: 0 },
      members: 2,
      hostOnline: true,
      chat: [],
      strokes: [],
      role: "guest",
      you: { userId: "g1", displayName: "Gail" },
      serverTime: 1,
    };
    expect(parseServerEvent(snapshot)).toMatchObject({ ok: true, value: { type: "snapshot" } });
    const ads = [{ memberId: "h", displayName: "Hank" }];
    expect(parseServerEvent({ ...snapshot, ads })).toMatchObject({ ok: true, value: { ads } });
    const crowd = Array.from({ length: ROSTER_MAX + 1 }, (_, i) => ({ memberId: `m${i}`, displayName: `M${i}` }));
    expect(parseServerEvent({ ...snapshot, ads: crowd }).ok).toBe(false);
  });

  it("parses the host's Pause for ads choice; the state defaults it to off for an older server's events", () => {
    expect(moderationCommandSchema.safeParse({ v, type: "room.pauseforads", enabled: true }).success).toBe(true);
    expect(moderationCommandSchema.safeParse({ v, type: "room.pauseforads", enabled: 1 }).success).toBe(false);
    expect(moderationStateSchema.parse({ muted: [], slowModeSeconds: 0, locked: false })).toMatchObject({ waitForEveryone: false, pauseForAds: false });
  });
});

describe("member lists", () => {
  const gail = { memberId: "g1", displayName: "Gail" };
  const sam = { memberId: "g2", displayName: "Sam" };
  const roster = (...ids: string[]): RosterMember[] => ids.map((userId) => ({ userId, displayName: userId, role: "guest", guest: true }));

  it("keeps the order people started in; a repeat keeps its place; off removes", () => {
    let list = withMemberReport([], gail, true);
    list = withMemberReport(list, sam, true);
    list = withMemberReport(list, { ...gail, displayName: "Gail again" }, true);
    expect(list).toEqual([gail, sam]);
    expect(withMemberReport(list, gail, false)).toEqual([sam]);
    expect(withMemberReport(list, { memberId: "x", displayName: "X" }, false)).toEqual(list);
    expect(withoutMember(list, "g2")).toEqual([gail]);
  });

  it("stays bounded (the earliest stay listed), and those who leave drop out unless the roster may be cut", () => {
    expect(withMemberReport([gail], sam, true, 1)).toEqual([gail]);
    expect(presentMembers([gail, sam], roster("h", "g2"))).toEqual([sam]);
    const full = roster(...Array.from({ length: ROSTER_MAX }, (_, i) => `m${i}`));
    expect(presentMembers([gail, sam], full)).toEqual([gail, sam]);
  });
});

/** The live list's delta patching (PARTY_UPDATED updates the row's video; ended parties leave). */
import { applyPartyDelta, type LiveParty } from "@/lib/api/use-active-parties";
import { partyDeltaSchema } from "@/lib/schemas/party";
import type { ActiveParty } from "@/lib/schemas/party";

function party(id: string, overrides: Partial<ActiveParty> = {}): ActiveParty {
  return {
    id,
    host_display_name: `Host ${id}`,
    host_username: null,
    host_private: false,
    host_image_url: null,
    platform_id: "netflix",
    platform_domain: "netflix.com",
    platform: "Netflix",
    chat_provider: "builtin",
    chat_identifier: null,
    created_at: "2030-01-01T00:00:00.000Z",
    party_size: 1,
    video_title: "Heat",
    host_video_url: "https://www.netflix.com/watch/1",
    synopsis: null,
    state: "ACTIVE",
    ...overrides,
  };
}
const live = (p: ActiveParty): LiveParty => {
  const { platform: _platform, ...rest } = p;
  void _platform;
  return rest;
};

const list = [live(party("a")), live(party("b", { party_size: 4 }))];
const apply = (raw: unknown) => applyPartyDelta(list, partyDeltaSchema.parse(raw));

test("PARTY_UPDATED changes only the matching row's video URL and title", () => {
  const next = apply({ type: "PARTY_UPDATED", payload: { id: "b", host_video_url: "https://www.netflix.com/watch/2", video_title: "Ronin" } });
  expect(next[1]).toMatchObject({ id: "b", video_title: "Ronin", host_video_url: "https://www.netflix.com/watch/2", party_size: 4 });
  expect(next[0]).toBe(list[0]);
});

test("PARTY_SIZE sets the viewer count", () => {
  expect(apply({ type: "PARTY_SIZE", payload: { id: "a", party_size: 9 } })[0]?.party_size).toBe(9);
});

test("PARTY_CREATED adds a new party on top, once, keeping only the table's fields", () => {
  const next = apply({ type: "PARTY_CREATED", payload: { id: "c", party: party("c", { video_title: "Collateral" }) } });
  expect(next.map((p) => p.id)).toEqual(["c", "a", "b"]);
  expect(next[0]).not.toHaveProperty("platform");
  expect(applyPartyDelta(next, partyDeltaSchema.parse({ type: "PARTY_CREATED", payload: { id: "c", party: party("c") } }))).toHaveLength(3);
});

test("PARTY_STATE changes the state; ENDED (by state or PARTY_ENDED) removes the row", () => {
  expect(apply({ type: "PARTY_STATE", payload: { id: "a", state: "AWAITING_RECONNECT" } })[0]?.state).toBe("AWAITING_RECONNECT");
  expect(apply({ type: "PARTY_STATE", payload: { id: "a", state: "ENDED" } }).map((p) => p.id)).toEqual(["b"]);
  expect(apply({ type: "PARTY_ENDED", payload: { id: "b" } }).map((p) => p.id)).toEqual(["a"]);
});

test("malformed messages are rejected by the schema", () => {
  expect(partyDeltaSchema.safeParse({ type: "PARTY_SIZE", payload: { id: "a", party_size: -1 } }).success).toBe(false);
  expect(partyDeltaSchema.safeParse({ type: "SOMETHING_ELSE", payload: { id: "a" } }).success).toBe(false);
});

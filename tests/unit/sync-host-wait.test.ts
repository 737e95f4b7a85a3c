/**
 * The host's waits ("Wait for everyone", "Pause for ads"): the host's player pauses while members
 * buffer or watch ads, plays on when they are back or the bound passed — only when the pause was the
 * wait's own — and waits for each member once per episode. Simulated time.
 */
import { AD_WAIT_MAX_MS, BUFFERING_WAIT_MAX_MS, HostWait, type HostWaitInput } from "@/lib/sync";

describe("HostWait", () => {
  const input = (over: Partial<HostWaitInput> & { now: number }): HostWaitInput => ({
    paused: false,
    buffering: { members: [], enabled: false },
    ad: { members: [], enabled: false },
    ...over,
  });
  const ads = (members: string[], enabled = true) => ({ ad: { members, enabled } });

  it("waits for nobody while the policy is off", () => {
    const wait = new HostWait();
    expect(wait.tick(input({ now: 0, ...ads(["g1"], false) }))).toBeNull();
    expect(wait.reasons).toEqual([]);
  });

  it("pauses while a member watches an ad and plays on when the last ad ends", () => {
    const wait = new HostWait();
    expect(wait.tick(input({ now: 0, ...ads(["g1"]) }))).toBe("pause");
    expect(wait.reasons).toEqual(["ad"]);
    expect(wait.tick(input({ now: 100, paused: true, ...ads(["g1"]) }))).toBeNull();
    // A second member's ad starts; the first one's ends: still waiting.
    expect(wait.tick(input({ now: 30_000, paused: true, ...ads(["g1", "g2"]) }))).toBeNull();
    expect(wait.tick(input({ now: 60_000, paused: true, ...ads(["g2"]) }))).toBeNull();
    expect(wait.tick(input({ now: 90_000, paused: true, ...ads([]) }))).toBe("play");
    expect(wait.reasons).toEqual([]);
    expect(wait.tick(input({ now: 90_100, ...ads([]) }))).toBeNull();
  });

  it("waits for an ad at most AD_WAIT_MAX_MS, once per ad break", () => {
    const wait = new HostWait();
    expect(wait.tick(input({ now: 0, ...ads(["g1"]) }))).toBe("pause");
    expect(wait.tick(input({ now: AD_WAIT_MAX_MS - 1, paused: true, ...ads(["g1"]) }))).toBeNull();
    expect(wait.tick(input({ now: AD_WAIT_MAX_MS, paused: true, ...ads(["g1"]) }))).toBe("play");
    // The same break goes on: not waited for again.
    expect(wait.tick(input({ now: AD_WAIT_MAX_MS + 500, ...ads(["g1"]) }))).toBeNull();
    // It ends; their next break is waited for.
    expect(wait.tick(input({ now: AD_WAIT_MAX_MS + 1000, ...ads([]) }))).toBeNull();
    expect(wait.tick(input({ now: AD_WAIT_MAX_MS + 60_000, ...ads(["g1"]) }))).toBe("pause");
  });

  it("does not play a party the host paused, nor pause again after the host played on by hand", () => {
    const wait = new HostWait();
    // Paused by the host already: nothing to do, and the end of the ad plays nothing.
    expect(wait.tick(input({ now: 0, paused: true, ...ads(["g1"]) }))).toBeNull();
    expect(wait.tick(input({ now: 1000, paused: true, ...ads([]) }))).toBeNull();
    // Our pause, then the host plays on by hand: the party goes on without them.
    expect(wait.tick(input({ now: 2000, ...ads(["g2"]) }))).toBe("pause");
    expect(wait.tick(input({ now: 2100, paused: true, ...ads(["g2"]) }))).toBeNull();
    expect(wait.tick(input({ now: 5000, paused: false, ...ads(["g2"]) }))).toBeNull();
    expect(wait.reasons).toEqual([]);
    expect(wait.tick(input({ now: 9000, ...ads(["g2"]) }))).toBeNull();
    expect(wait.tick(input({ now: 9500, ...ads([]) }))).toBeNull();
  });

  it("shares one pause between buffering and ads: each has its own bound, neither plays while the other holds", () => {
    const wait = new HostWait();
    const both = (now: number, buffering: string[], ad: string[], paused = true) =>
      wait.tick(input({ now, paused, buffering: { members: buffering, enabled: true }, ad: { members: ad, enabled: true } }));
    expect(both(0, ["g1"], [], false)).toBe("pause");
    expect(both(100, ["g1"], [])).toBeNull();
    // An ad starts while the party waits for Gail's buffering: it joins that wait.
    expect(both(10_000, ["g1"], ["g2"])).toBeNull();
    expect(wait.reasons).toEqual(["buffering", "ad"]);
    // Gail is back: the ad still holds the party.
    expect(both(20_000, [], ["g2"])).toBeNull();
    expect(wait.reasons).toEqual(["ad"]);
    expect(both(40_000, [], [])).toBe("play");
    // Buffering is waited for BUFFERING_WAIT_MAX_MS, an ad longer, in one pause.
    expect(both(50_000, ["g3"], ["g4"], false)).toBe("pause");
    expect(both(50_000 + BUFFERING_WAIT_MAX_MS, ["g3"], ["g4"])).toBeNull();
    expect(wait.reasons).toEqual(["buffering", "ad"]);
    expect(both(50_000 + AD_WAIT_MAX_MS, ["g3"], ["g4"])).toBe("play");
  });

  it("stops waiting without a word when reset (the host role moved on)", () => {
    const wait = new HostWait();
    expect(wait.tick(input({ now: 0, ...ads(["g1"]) }))).toBe("pause");
    wait.reset();
    expect(wait.reasons).toEqual([]);
    expect(wait.tick(input({ now: 100, paused: true, ...ads([]) }))).toBeNull();
  });
});

/** The chat bot's command reading, per-viewer cooldown and refusal limit (time passed in), and its queues. */
import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/error-code";
import { botReplies, parseAddCommand, RefusalLimiter, refusedAdd, ViewerCooldown } from "@/lib/server/twitch-bot/chat-command";
import { FairQueue, ReplyOutbox } from "@/lib/server/twitch-bot/command-queues";

describe("parseAddCommand", () => {
  test("takes the first word after the prefix as the link", () => {
    expect(parseAddCommand("!add https://youtu.be/dQw4w9WgXcQ", "!add")).toEqual({ kind: "add", url: "https://youtu.be/dQw4w9WgXcQ" });
    expect(parseAddCommand("  !add   https://youtu.be/x  please  ", "!add")).toEqual({ kind: "add", url: "https://youtu.be/x" });
    expect(parseAddCommand("!ADD https://youtu.be/x", "!add")).toEqual({ kind: "add", url: "https://youtu.be/x" });
    expect(parseAddCommand("!q\thttps://youtu.be/x", "!q")).toEqual({ kind: "add", url: "https://youtu.be/x" });
  });

  test("the prefix alone asks for a link", () => {
    expect(parseAddCommand("!add", "!add")).toEqual({ kind: "missing_url" });
    expect(parseAddCommand("!add   ", "!add")).toEqual({ kind: "missing_url" });
  });

  test("ordinary chat and longer words are not commands", () => {
    expect(parseAddCommand("hello !add https://youtu.be/x", "!add")).toBeNull();
    expect(parseAddCommand("!addition https://youtu.be/x", "!add")).toBeNull();
    expect(parseAddCommand("!ad", "!add")).toBeNull();
    expect(parseAddCommand("", "!add")).toBeNull();
    expect(parseAddCommand("!add x", "")).toBeNull();
  });
});

describe("ViewerCooldown", () => {
  test("a viewer waits the cooldown after an accepted add, others do not", () => {
    const cooldown = new ViewerCooldown(30);
    expect(cooldown.remainingSeconds("alice", 0)).toBe(0);
    cooldown.accepted("alice", 1_000);
    expect(cooldown.remainingSeconds("alice", 1_000)).toBe(30);
    expect(cooldown.remainingSeconds("alice", 20_500)).toBe(11);
    expect(cooldown.remainingSeconds("bob", 20_500)).toBe(0);
    expect(cooldown.remainingSeconds("alice", 30_999)).toBe(1);
    expect(cooldown.remainingSeconds("alice", 31_000)).toBe(0);
  });

  test("a new accepted add starts a new wait", () => {
    const cooldown = new ViewerCooldown(10);
    cooldown.accepted("alice", 0);
    cooldown.accepted("alice", 12_000);
    expect(cooldown.remainingSeconds("alice", 15_000)).toBe(7);
  });

  test("zero seconds means no cooldown", () => {
    const cooldown = new ViewerCooldown(0);
    cooldown.accepted("alice", 0);
    expect(cooldown.remainingSeconds("alice", 0)).toBe(0);
  });

  test("viewers whose wait is over are forgotten once many viewers were seen", () => {
    const cooldown = new ViewerCooldown(5);
    for (let i = 0; i < 1001; i += 1) cooldown.accepted(`viewer${i}`, 0);
    cooldown.accepted("late", 10_000);
    expect(cooldown.remainingSeconds("viewer0", 10_000)).toBe(0);
    expect(cooldown.remainingSeconds("late", 10_000)).toBe(5);
    expect((cooldown as unknown as { lastAccepted: Map<string, number> }).lastAccepted.size).toBe(1);
  });
});

describe("RefusalLimiter", () => {
  test("one refusal per viewer per interval, whatever the reason; others are answered", () => {
    const refusals = new RefusalLimiter(30_000);
    expect(refusals.allow("alice", 0)).toBe(true);
    for (let t = 1; t < 30_000; t += 997) expect(refusals.allow("alice", t)).toBe(false);
    expect(refusals.allow("bob", 5_000)).toBe(true);
    expect(refusals.allow("alice", 30_000)).toBe(true);
    expect(refusals.allow("alice", 59_999)).toBe(false);
  });

  test("viewers whose interval is over are forgotten once many viewers were refused", () => {
    const refusals = new RefusalLimiter(5_000);
    for (let i = 0; i < 1001; i += 1) refusals.allow(`viewer${i}`, 0);
    expect(refusals.allow("late", 10_000)).toBe(true);
    expect((refusals as unknown as { lastRefused: Map<string, number> }).lastRefused.size).toBe(1);
    expect(refusals.allow("viewer0", 10_000)).toBe(true);
  });
});

describe("FairQueue", () => {
  test("a few waiting per key and a bounded number in all", () => {
    const queue = new FairQueue<number>(3, 5);
    expect([1, 2, 3, 4].map((n) => queue.push("spam", n))).toEqual(["queued", "queued", "queued", "viewer_full"]);
    expect(queue.push("a", 1)).toBe("queued");
    expect(queue.push("b", 1)).toBe("queued");
    expect(queue.push("c", 1)).toBe("full");
    expect(queue.length).toBe(5);
  });

  test("keys are served in turn: one key's backlog does not stand in front of another's item", () => {
    const queue = new FairQueue<string>(3, 100);
    for (const item of ["s1", "s2", "s3"]) queue.push("spam", item);
    queue.push("alice", "a1");
    queue.push("bob", "b1");
    queue.push("alice", "a2");
    const order: string[] = [];
    for (let next = queue.shift(); next; next = queue.shift()) order.push(next.item);
    expect(order).toEqual(["s1", "a1", "b1", "s2", "a2", "s3"]);
    expect(queue.length).toBe(0);
    expect(queue.push("spam", "again")).toBe("queued");
  });
});

describe("ReplyOutbox", () => {
  function outbox(limits = { confirmations: 2, refusals: 2 }) {
    const sent: string[] = [];
    const pending: (() => void)[] = [];
    const box = new ReplyOutbox(
      (text) =>
        new Promise<void>((resolve) => {
          sent.push(text);
          pending.push(resolve);
        }),
      limits,
    );
    /** Lets the message being sent finish, then whatever the outbox does next run. */
    const finishOne = async () => {
      pending.shift()?.();
      await new Promise((r) => setImmediate(r));
    };
    return { box, sent, finishOne };
  }

  test("one message at a time; confirmations before refusals; only the newest refusals wait", async () => {
    const { box, sent, finishOne } = outbox();
    for (let i = 1; i <= 5; i += 1) box.refuse(`no ${i}`);
    expect(sent).toEqual(["no 1"]);
    box.confirm("added A");
    await finishOne();
    expect(sent).toEqual(["no 1", "added A"]);
    await finishOne();
    await finishOne();
    await finishOne();
    expect(sent).toEqual(["no 1", "added A", "no 4", "no 5"]);
    expect(box.waiting).toBe(0);
  });

  test("a failed send does not stop the next one", async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const box = new ReplyOutbox(
      async (text) => {
        sent.push(text);
        if (text === "first") throw new Error("socket closed");
      },
      { confirmations: 5, refusals: 5 },
      (error) => errors.push(error),
    );
    box.confirm("first");
    box.confirm("second");
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(["first", "second"]);
    expect(errors).toHaveLength(1);
  });
});

test("replies name the viewer", () => {
  expect(botReplies.added("Alice", "https://youtu.be/x")).toBe("@Alice Added: https://youtu.be/x");
  expect(botReplies.onlyPlatform("Bob", "YouTube")).toBe("@Bob Only YouTube links are accepted.");
  expect(botReplies.cooldown("Bob", 12)).toBe("@Bob Please wait 12 s before adding another video.");
  expect(botReplies.busy("Bob")).toBe("@Bob Too many links waiting; try again in a moment.");
});

describe("chatEndpoint", () => {
  // Imported here: the module reads the server env for its default.
  const { chatEndpoint } = jest.requireActual<typeof import("@/lib/server/twitch-bot/chat-endpoint")>("@/lib/server/twitch-bot/chat-endpoint");

  test("Twitch's address is passed as a host name with TLS", () => {
    expect(chatEndpoint("wss://irc-ws.chat.twitch.tv:443")).toEqual({ hostName: "irc-ws.chat.twitch.tv", ssl: true });
    expect(chatEndpoint("ws://chat.example.test")).toEqual({ hostName: "chat.example.test", ssl: false });
  });

  test("a non-default port survives the library appending its own port", () => {
    const { hostName, ssl } = chatEndpoint("ws://127.0.0.1:4567");
    expect(ssl).toBe(false);
    // The library connects to `ws://${hostName}:80`: the port it appends must not change the address.
    const url = new URL(`ws://${hostName}:80`);
    expect(url.host).toBe("127.0.0.1:4567");
  });
});

describe("StoredTokenAuthProvider", () => {
  const { StoredTokenAuthProvider } = jest.requireActual<typeof import("@/lib/server/twitch-bot/stored-token-auth-provider")>(
    "@/lib/server/twitch-bot/stored-token-auth-provider",
  );

  test("hands out the pasted token without its oauth: prefix, for the bot; none once revoked", async () => {
    const provider = new StoredTokenAuthProvider("oauth:abc123", "my_bot");
    expect(await provider.getAccessTokenForIntent()).toMatchObject({ accessToken: "abc123", userId: "my_bot", refreshToken: null, expiresIn: null });
    expect(provider.getCurrentScopesForUser()).toEqual(["chat:read", "chat:edit"]);
    provider.revoke();
    expect(await provider.getAccessTokenForIntent()).toBeNull();
    expect(await provider.getAccessTokenForUser()).toBeNull();
    await expect(provider.getAnyAccessToken()).rejects.toThrow("stopped");
  });
});

describe("refusedAdd: what the bot answers a refused add", () => {
  const full = botReplies.full("ann", 200);

  test("a full playlist: \"The playlist is full\"", () => {
    expect(refusedAdd({ code: "playlist_full" }, "ann", 200)).toEqual({ kind: "reply", text: full });
  });

  test("an ended party, an open poll, a second live party or any other conflict is not reported as a full playlist", () => {
    for (const code of ["party_ended", "poll_open", "already_hosting", "conflict"] as const) {
      expect(refusedAdd({ code }, "ann", 200)).toEqual({ kind: "unknown" });
    }
    const otherConflicts = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === 409 && code !== "playlist_full");
    expect(otherConflicts.length).toBeGreaterThan(5);
    for (const code of otherConflicts) expect(refusedAdd({ code }, "ann", 200)).not.toEqual({ kind: "reply", text: full });
  });

  test("a platform the playlist does not take, a link no player plays: the matching reply", () => {
    expect(refusedAdd({ code: "platform_not_accepted", accepts: { youtube: true, tiktok: false } }, "ann", 200)).toEqual({ kind: "reply", text: "@ann Only YouTube links are accepted." });
    expect(refusedAdd({ code: "platform_not_accepted", accepts: { youtube: false, tiktok: true } }, "ann", 200)).toEqual({ kind: "reply", text: "@ann Only TikTok links are accepted." });
    expect(refusedAdd({ code: "platform_not_accepted", accepts: { youtube: false, tiktok: false } }, "ann", 200)).toEqual({ kind: "reply", text: "@ann This playlist is not taking links right now." });
    expect(refusedAdd({ code: "unsupported_link" }, "ann", 200)).toEqual({ kind: "reply", text: "@ann Only YouTube and TikTok video links can be added." });
    // Other invalid input is not guessed at.
    expect(refusedAdd({ code: "unprocessable_entity" }, "ann", 200)).toEqual({ kind: "unknown" });
  });

  test("the playlist gone or the owner's right to add lost: the bot stops", () => {
    expect(refusedAdd({ code: "not_found" }, "ann", 200)).toEqual({ kind: "gone" });
    expect(refusedAdd({ code: "forbidden" }, "ann", 200)).toEqual({ kind: "gone" });
  });
});

/** The chat bot's command reading and per-viewer cooldown, with time passed in. */
import { botReplies, parseAddCommand, ViewerCooldown } from "@/lib/server/twitch-bot/chat-command";

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

test("replies name the viewer", () => {
  expect(botReplies.added("Alice", "https://youtu.be/x")).toBe("@Alice Added: https://youtu.be/x");
  expect(botReplies.onlyPlatform("Bob", "YouTube")).toBe("@Bob Only YouTube links are accepted.");
  expect(botReplies.cooldown("Bob", 12)).toBe("@Bob Please wait 12 s before adding another video.");
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

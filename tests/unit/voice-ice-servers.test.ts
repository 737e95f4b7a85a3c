/**
 * TURN credentials as coturn's `use-auth-secret` checks them: username "<unix expiry>:<user id>",
 * password base64(HMAC-SHA1(secret, username)). The expected credential was computed outside this
 * code, with `printf '%s' '1700043200:guest_abc123' | openssl dgst -sha1 -hmac 'coturn-shared-secret-for-tests' -binary | base64`.
 */
import { iceServersSchema } from "@/lib/schemas/voice";
import { getEnv, resetEnvForTests } from "@/lib/server/env";
import { mintIceServers, turnCredential } from "@/lib/server/voice/mint-ice-servers";

const SECRET = "coturn-shared-secret-for-tests";
const NOW = 1_700_000_000_000; // 1700000000 s
const OPENSSL_CREDENTIAL = "JM2lu2jRPsUMht8ttFCuhes9UFA=";

test("the credential is openssl's HMAC-SHA1 of the username under the shared secret", () => {
  expect(turnCredential(SECRET, "1700043200:guest_abc123")).toBe(OPENSSL_CREDENTIAL);
});

test("a TURN entry carries '<expiry>:<user id>' valid for the TTL, its credential, and never the secret", () => {
  const config = { stunUrls: ["stun:turn.example.org:3478"], turnUrls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"], turnSecret: SECRET, ttlSeconds: 43_200 };
  const answer = mintIceServers(config, "guest_abc123", NOW);
  expect(answer).toEqual({
    iceServers: [
      { urls: ["stun:turn.example.org:3478"] },
      { urls: ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"], username: "1700043200:guest_abc123", credential: OPENSSL_CREDENTIAL },
    ],
    ttlSeconds: 43_200,
  });
  expect(iceServersSchema.parse(answer)).toEqual(answer);
  expect(JSON.stringify(answer)).not.toContain(SECRET);
});

test("nothing configured: no servers at all (nothing external is contacted); STUN alone: no TURN entry", () => {
  expect(mintIceServers({ stunUrls: [], turnUrls: [], turnSecret: undefined, ttlSeconds: 600 }, "u1", NOW)).toEqual({ iceServers: [], ttlSeconds: 600 });
  const stunOnly = mintIceServers({ stunUrls: ["stun:stun.example.org"], turnUrls: [], turnSecret: SECRET, ttlSeconds: 600 }, "u1", NOW);
  expect(stunOnly.iceServers).toEqual([{ urls: ["stun:stun.example.org"] }]);
});

describe("the VP_* voice variables", () => {
  const savedEnv = { ...process.env };
  const withEnv = (vars: Record<string, string>) => {
    process.env = { ...savedEnv, VP_DATA_DIR: "/tmp/vp-unit-voice", BETTER_AUTH_SECRET: "x".repeat(64), ...vars };
    resetEnvForTests();
    return getEnv;
  };
  afterEach(() => {
    process.env = savedEnv;
    resetEnvForTests();
  });

  test("unset: no STUN, no TURN, 12 h credentials, 10 s before a vanished member leaves voice", () => {
    const env = withEnv({})();
    expect([env.VP_STUN_URLS, env.VP_TURN_URLS, env.VP_TURN_SECRET, env.VP_TURN_TTL_SECONDS, env.VP_VOICE_GONE_MS]).toEqual([[], [], undefined, 43_200, 10_000]);
  });

  test("comma-separated lists are split and trimmed; a wrong scheme, or TURN without its secret, stops the app naming the variable", () => {
    const env = withEnv({ VP_STUN_URLS: " stun:a.example:3478 , stuns:b.example ", VP_TURN_URLS: "turn:t.example:3478,", VP_TURN_SECRET: SECRET })();
    expect(env.VP_STUN_URLS).toEqual(["stun:a.example:3478", "stuns:b.example"]);
    expect(env.VP_TURN_URLS).toEqual(["turn:t.example:3478"]);
    expect(withEnv({ VP_STUN_URLS: "https://stun.example" })).toThrow(/VP_STUN_URLS/);
    expect(withEnv({ VP_TURN_URLS: "turn:t.example" })).toThrow(/VP_TURN_SECRET: is required when VP_TURN_URLS is set/);
    expect(withEnv({ VP_TURN_URLS: "turn:t.example", VP_TURN_SECRET: "short" })).toThrow(/VP_TURN_SECRET/);
  });
});

/**
 * Property-based sweep of the whole API with bad input (fast-check, fixed seed): bodies of the wrong
 * type, NUL and other control characters, unpaired surrogates, strings past their limit, bodies
 * over the size limit, NaN/Infinity written into the JSON text, malformed JSON, wrong content
 * types, extra and prototype-polluting fields, bad path ids (`%00`, malformed escapes, very long,
 * arbitrary Unicode), junk query strings, bad bearer tokens and methods a route does not serve.
 *
 * Every route file under app/api (except Better Auth's catch-all, swept separately below for "no
 * 5xx" only) must have a spec here, with the methods it exports: a new route fails this test until
 * it is covered. For every request: no 5xx, every 4xx has a string `detail` and a `code` from
 * lib/schemas/error-code.ts answered with that code's status, and no 429 (each caller stays inside
 * the rate limits, so every input reaches validation); a valid write
 * by the wrong caller (a viewer, a collaborator, an editor where only the owner may act, nobody) is
 * refused with 401, 403 or 404, never with a validation error that would hide the check. Afterwards
 * every table of the database, the resources read back through the API and the party's live
 * stream are unchanged.
 *
 * A failure prints the seed and the request; rerun it with VP_FUZZ_SEED=<seed>.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { ERROR_STATUS, errorCodeSchema, type ErrorCode } from "@/lib/schemas/error-code";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { createParty, guestToken } from "./helpers/party";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";
import { SseClient } from "./helpers/sse";

jest.setTimeout(300_000);

const SEED = Number(process.env.VP_FUZZ_SEED ?? 20261123);
const MIN_REQUESTS = 500;
const API_DIR = path.resolve(__dirname, "../../app/api");

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

// --- the world the routes act on -------------------------------------------------------------------

interface World {
  /**
   * users[0] owns the scheduled parties and the playlist; the others are strangers to the parties.
   * On the playlist users[1] is a viewer (and owns another playlist), users[2] a collaborator (joined
   * with the share code), users[3] an editor (joined with the admin key), users[4] a viewer.
   */
  users: { token: string; id: string; username: string }[];
  /** guests[0] hosts the live party; the others are in no party. */
  guests: string[];
  partyId: string;
  scheduledId: string;
  privateScheduledId: string;
  playlistId: string;
  shareCode: string;
  adminKey: string;
  /** Videos of the playlist added by its owner (in play order) and one added by the collaborator. */
  ownerLinkIds: string[];
  collaboratorLinkId: string;
  /** users[1]'s playlist and one of its videos: not the owner's to touch. */
  otherPlaylistId: string;
  otherLinkId: string;
  /** users[0]'s recording of a YouTube party (unlisted: others may see it, not change it). */
  recordingId: string;
  /** users[0]'s public room (users[2] is a member) and members-only room (nobody else belongs). */
  roomSlug: string;
  membersRoomSlug: string;
}

/** Who sends a request: nobody, a named identity, or the next one of a pool (spreads rate limits). */
type Caller = "anon" | "owner" | "stranger" | "collaborator" | "editor" | "host" | "guest" | "userPool" | "anyPool";

interface BadRequest {
  method: Method;
  /** Path and query, already encoded as they go on the wire. */
  url: string;
  as: Caller;
  /** Raw body text (undefined: no body). */
  body?: string;
  /** Content-Type to send with the body; null sends none. Default application/json. */
  contentType?: string | null;
  /** A bearer token to send instead of the caller's. */
  authorization?: string;
  /**
   * "4xx": the input is bad and must be refused; "any": ignored input (e.g. junk query on a list);
   * "denied": a valid request by the wrong caller, refused for who sent it (401 without an identity,
   * 403 or 404 with one), never for a validation error that would hide a missing permission check.
   */
  expect: "4xx" | "any" | "denied";
  note: string;
}

interface RouteSpec {
  /** The methods the route file exports. */
  methods: Method[];
  runs: number;
  requests: (w: World) => fc.Arbitrary<BadRequest>;
}

// --- bad values -----------------------------------------------------------------------------------

const anyText = (maxLength = 12) => fc.string({ unit: "binary", maxLength });
const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000B", "\u001B", "\u001F", "\u007F", "\u0085", "\u009F"];
const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF"];

const withNul = fc.tuple(anyText(), anyText()).map(([a, b]) => `${a}\u0000${b}`);
const withControl = fc.tuple(anyText(), fc.constantFrom(...CONTROLS), anyText()).map(([a, c, b]) => `${a}${c}${b}`);
const withLoneSurrogate = fc.tuple(anyText(), fc.constantFrom(...LONE_SURROGATES), anyText()).map(([a, s, b]) => `${a}${s}${b}`);
/** Longer than `max` even after trimming (no whitespace), in one- and two-unit characters. */
const tooLong = (max: number) => fc.tuple(fc.nat(40), fc.constantFrom("x", "é", "🎬", "\u202E")).map(([k, c]) => c.repeat(max + 1 + k));
/** Strings a text field of at most `max` characters must refuse. */
const badText = (max: number) => fc.oneof(withNul, withControl, withLoneSurrogate, tooLong(max));
/** Values of the wrong type for a string field (null is a valid "clear" for some fields, so not here). */
const notAString = fc.oneof(
  fc.integer(),
  // Infinity would be written as null, which clears an optional field: a valid value.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const notANumber = fc.oneof(fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({}));
const notABoolean = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.constant([]), fc.constant({}));
/** A string outside `allowed` (enums are case-sensitive). */
const notOneOf = (allowed: readonly string[]) =>
  fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...allowed.map((a) => a.toUpperCase()), ...allowed.map((a) => ` ${a}`)), withNul).filter((v) => !allowed.includes(v));

/** Numbers JSON cannot carry, written into the text: NaN and Infinity are not JSON, 1e999 parses to Infinity. */
const RAW_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "undefined", "0x10", "01", ".5", "+1"];

/** A value placed raw into the JSON text (so NaN, 1e999 and friends reach the server as written). */
class Raw {
  constructor(readonly text: string) {}
}
const rawNumber = fc.constantFrom(...RAW_NUMBERS).map((t) => new Raw(t));

function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Raw ? `\u0000RAW${raws.push(v.text) - 1}\u0000` : v));
  return text.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

const extraFields = fc.dictionary(
  fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom("constructor", "prototype", "toString", "isAdmin", "id", "host_id", "user_id")),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** A path segment that names nothing valid, encoded as it goes on the wire. */
const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constant("%00"),
  fc.tuple(anyText(8), anyText(8)).map(([a, b]) => `${encodeURIComponent(a)}%00${encodeURIComponent(b)}`),
  fc.constantFrom("%01", "%07", "%1F", "%7F", "%C2%80", "%C2%9F", "a%0Ab", "a%0Db", "%09"),
  // Malformed escapes and encoded surrogates: the server refuses the URL before routing.
  fc.constantFrom("%ff", "%", "%zz", "%E0%A4", "%C0%AF", "%ED%A0%80", "100%", "%%30"),
  fc.nat(4000).map((n) => "a".repeat(65 + n)),
  // "." and ".." are resolved by the URL itself (they name another path), so they are no id at all.
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).filter((s) => s !== "." && s !== "..").map((s) => encodeURIComponent(s)),
  fc.constantFrom("-1", "0", "1e999", "NaN", "Infinity", "null", "undefined", "true", "%2F", "a%2Fb", "%20", "'%20OR%201=1--", "%3Cscript%3E"),
);

/** A query string of junk: NUL, malformed and huge values, repeated keys, arrays. */
const badQuery = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys, "x", "__proto__", "fields[]", "limit[]"), fc.string({ maxLength: 6 }).map(encodeURIComponent)),
        fc.oneof(
          fc.constantFrom("%00", "a%00b", "%ff", "%", "NaN", "Infinity", "-1", "1e999", "0x10", "", "%E2%80%AE", "%0A", "%7F"),
          anyText(12).map(encodeURIComponent),
          fc.nat(3000).map((n) => "q".repeat(n + 100)),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`);

const BAD_CONTENT_TYPES = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----vp",
  "text/json",
  "application/jsonp",
  "application/xml",
  "",
  null,
];

/** Corruptions of a JSON object's text that leave it not JSON. */
function malformed(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((n) => valid.slice(0, n)),
    fc.constantFrom(...RAW_NUMBERS.filter((t) => t !== "1e999" && t !== "-1e999")).map((t) => `${valid.slice(0, -1)},"n":${t}}`),
    fc.constant(`${valid.slice(0, -1)},}`),
    fc.constant(valid.replace(/"/g, "'")),
    fc.constant(`${valid}${valid}`),
    fc.constant(`/* note */${valid}`),
    fc.constant(`{${valid}`),
    fc.constant(valid.replace(":", "=")),
    fc.constantFrom("{", "}", "[", "nul", "tru", '"', "{'a':1}", "{a:1}", "\u0000", "{\"a\":\"\\x00\"}", "{\"a\":\"\\ud800"),
  );
}

/**
 * Bad bodies for a route whose valid body is `valid`: one field made bad (from `bad`, each value known
 * to be refused for that field) with extra fields around it; the whole body of the wrong type;
 * malformed JSON; the valid body with extra fields but sent with a wrong content type; the valid
 * body grown past the size limit; prototype-polluting keys in place of the fields.
 */
function badBodies(valid: Record<string, unknown>, bad: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Pick<BadRequest, "body" | "contentType" | "note">> {
  const validText = JSON.stringify(valid);
  const field = fc
    .tuple(fc.constantFrom(...Object.keys(bad)), extraFields, fc.boolean())
    .chain(([key, extra, extrasFirst]) =>
      bad[key]!.map((value) => {
        const cleanExtra = Object.fromEntries(Object.entries(extra).filter(([k]) => !(k in valid) && !(k in bad)));
        const body = extrasFirst ? { ...cleanExtra, ...valid, [key]: value } : { ...valid, [key]: value, ...cleanExtra };
        return { body: toJsonText(body), note: `bad ${key}` };
      }),
    );
  return fc.oneof(
    { weight: 6, arbitrary: field },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom("[]", "null", "0", '"text"', "true", "[{}]", "-1", "1e999", `[${validText}]`), fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== "object" || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)))
        .map((body) => ({ body, note: "body of the wrong type" })),
    },
    { weight: 2, arbitrary: malformed(validText).map((body) => ({ body, note: "malformed JSON" })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...BAD_CONTENT_TYPES), extraFields)
        .map(([contentType, extra]) => ({ body: JSON.stringify({ ...extra, ...valid }), contentType, note: `valid body sent as ${contentType ?? "no content type"}` })),
    },
    {
      weight: 1,
      arbitrary: fc.nat(64 * 1024).map((n) => ({ body: JSON.stringify({ ...valid, padding: "p".repeat(256 * 1024 + n) }), note: "body over the size limit" })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ body: `{"__proto__":${validText},"constructor":{"prototype":${validText}}}`, note: "prototype-polluting keys" }),
    },
  );
}

const req = (r: Omit<BadRequest, "expect"> & { expect?: BadRequest["expect"] }): BadRequest => ({ expect: "4xx", ...r });

/** Bad ids for `pattern` (e.g. "/api/v1/parties/{id}/join") with each method, as the given callers. */
function badIds(pattern: string, methods: Method[], as: Caller, body?: () => string): fc.Arbitrary<BadRequest> {
  return fc
    .tuple(badId, fc.constantFrom(...methods))
    .map(([id, method]) => req({ method, url: pattern.replace("{id}", id), as, body: method === "GET" ? undefined : body?.(), note: `bad id ${id.slice(0, 40)}` }));
}

/** Methods the route does not serve, with a junk JSON body; 405 expected. */
function wrongMethods(url: string, served: Method[]): fc.Arbitrary<BadRequest> {
  const others = METHODS.filter((m) => !served.includes(m));
  return fc
    .tuple(fc.constantFrom(...others), fc.jsonValue({ maxDepth: 1 }), fc.constantFrom<Caller>("anon", "owner"))
    .map(([method, value, as]) => req({ method, url, as, body: method === "GET" ? undefined : JSON.stringify(value), note: `${method} not served` }));
}

/** The route's own bad inputs, with a request by a method it does not serve now and then. */
function mostly(arbs: fc.Arbitrary<BadRequest>[], wrong: fc.Arbitrary<BadRequest>): fc.Arbitrary<BadRequest> {
  return fc.oneof(...arbs.map((arbitrary) => ({ weight: 4, arbitrary })), { weight: 1, arbitrary: wrong });
}

/** Junk queries and bad bearer tokens on a route that takes no input: anything but a 5xx. */
function junkOnReads(url: string, as: Caller, keys: string[] = []): fc.Arbitrary<BadRequest> {
  return fc.oneof(
    badQuery(keys).map((q) => req({ method: "GET", url: `${url}${q}`, as, expect: "any", note: "junk query" })),
    fc
      .oneof(
        fc.string({ unit: "grapheme-ascii", maxLength: 60 }),
        fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => `vpg1.${s}`),
        fc.constantFrom("vpg1..", "vpg1.e30.", "vpg1.eyJpZCI6ImEiLCJuYW1lIjoiYiIsImV4cCI6OTk5OTk5OTk5OTk5OX0.sig", "null", "undefined"),
      )
      .map((token) => req({ method: "GET", url, as: "anon", authorization: `Bearer ${token.replace(/[\r\n]/g, "")}`, expect: "any", note: "bad bearer token" })),
  );
}

// --- valid bodies and their bad fields --------------------------------------------------------------

const FUTURE = "2031-05-01T19:00:00Z";
const roomBody = { title: "Fuzz club", description: "We watch.", privacy: "public" };
const roomBad = {
  slug: fc.oneof(badText(32), notAString, fc.constantFrom("ab", "-abc", "abc-", "a--b", "a b c", "a_b", "parties", "adm1n", "v1ewparty", "r", "api", "rooms")),
  title: fc.oneof(badText(100), notAString, fc.constant("   ")),
  description: fc.oneof(badText(2000), notAString),
  privacy: fc.oneof(notOneOf(["public", "unlisted", "members"]), fc.constant(null)),
};
const scheduledBody = { title: "Fuzz night", date_time: FUTURE, show_movie: "Netflix", privacy: "public", description: "Bring snacks." };
const PLATFORMS = ["Netflix", "Disney+", "HBO Max", "Amazon Prime", "YouTube", "Other"];
const badDateTime = fc.oneof(
  fc.integer({ min: 0, max: 99 }).map((y) => `${String(y).padStart(4, "0")}-06-01T12:00:00Z`),
  fc.integer({ min: 100, max: 1969 }).map((y) => `${y}-01-01T00:00:00Z`),
  fc.integer({ min: 2201, max: 9999 }).map((y) => `${y}-12-31T23:59:59Z`),
  fc.constantFrom("2031-02-30T10:00:00Z", "2031-05-01T19:00:00", "2031-05-01", "2031-05-01T25:00:00Z", "+002031-05-01T19:00:00Z", "tomorrow", "", "1970-01-01T00:30:00+01:00"),
  fc.integer().map((n) => n),
  withNul,
  fc.constant(new Raw("1e999")),
);
const scheduledBad = {
  title: fc.oneof(badText(200), notAString, fc.constantFrom("", "   ", "\t\n")),
  date_time: badDateTime,
  description: fc.oneof(badText(2000), notAString),
  privacy: notOneOf(["public", "private"]),
  show_movie: notOneOf(PLATFORMS),
};

const partyBody = {
  video_url: "https://www.netflix.com/watch/80100172",
  video_title: "Heat",
  synopsis: "A crew of thieves.",
  chat_provider: "builtin",
  visibility: "public",
  streamer_latency_ms: 0,
};
const badUrl = fc.oneof(
  fc.constantFrom("javascript:alert(1)", "data:text/html,hi", "ftp://example.com/v", "file:///etc/passwd", "not a url", "//example.com", "https://", ""),
  withNul.map((s) => `https://example.com/${s}`),
  withLoneSurrogate.map((s) => `https://example.com/${s}`),
  fc.nat(100).map((n) => `https://example.com/${"v".repeat(2048 + n)}`),
  notAString,
);
const partyBad = {
  video_url: badUrl,
  video_title: fc.oneof(badText(300), notAString, fc.constantFrom("", "  ")),
  synopsis: fc.oneof(badText(1000), notAString),
  platform_domain: fc.oneof(withNul, withControl, withLoneSurrogate, tooLong(253)),
  chat_provider: notOneOf(["builtin", "twitch"]),
  chat_identifier: fc.oneof(withNul, withLoneSurrogate, tooLong(100)),
  visibility: notOneOf(["public", "private"]),
  streamer_latency_ms: fc.oneof(fc.constantFrom(-1, 120_001, 1.5, 1e300), notANumber, rawNumber),
};

const recordingBad = {
  title: fc.oneof(badText(200), notAString, fc.constantFrom("", "   ", "\t\n")),
  privacy: notOneOf(["public", "unlisted", "private"]),
  include_chat: notABoolean,
};

const SOCIAL = ["twitch", "youtube", "twitter", "facebook", "instagram", "tiktok", "discord"];
const badColor = fc.oneof(fc.constantFrom("red", "#12345", "#ggg", "66fcf1", "#66fcf1ff", ""), withNul, notAString);
const profileBad: Record<string, fc.Arbitrary<unknown>> = {
  bio: fc.oneof(badText(300), notAString),
  accent_color: badColor,
  text_color: badColor,
  profile_private: notABoolean,
  ...Object.fromEntries(SOCIAL.flatMap((n) => [[`${n}_username`, fc.oneof(withNul, withControl, withLoneSurrogate, tooLong(100), fc.constantFrom("a/b", "a?b", "a b"), notAString)], [`${n}_private`, notABoolean]])),
};

const accountBad = {
  display_name: fc.oneof(badText(50), notAString, fc.constantFrom("", "   ")),
  username: fc.oneof(badText(30), notAString, fc.constantFrom("ab", "has space", "dash-name", "ünï")),
  email: fc.oneof(withNul, notAString, fc.constantFrom("not-an-email", "@example.test", "a@", "")),
};

/** Commands that are each refused, for every command type (the host sends them, so valid ones would act). */
const badCommand: fc.Arbitrary<unknown> = fc.oneof(
  fc.oneof(badText(500), notAString, fc.constantFrom("", "   ")).map((text) => ({ v: 1, type: "chat", text })),
  fc.oneof(fc.constantFrom(-1, 10_000_001), notANumber, rawNumber).map((position) => ({ v: 1, type: "seek", position })),
  fc.oneof(fc.constantFrom(0, -1, 16.5, 0.01), notANumber, rawNumber).map((rate) => ({ v: 1, type: "rate", rate })),
  fc.oneof(fc.constantFrom(-1, 10_000_001), notANumber.filter((h) => h !== null), rawNumber).map((horizon) => ({ v: 1, type: "horizon", horizon })),
  fc.oneof(fc.constantFrom(-1, 10_000_001), notANumber, rawNumber).map((horizon) => ({ v: 1, type: "play", position: 1, horizon })),
  fc.record({ url: badUrl, title: fc.constant("t") }).map((m) => ({ v: 1, type: "media", ...m })),
  fc.oneof(badText(300), notAString).map((title) => ({ v: 1, type: "media", url: "https://example.com/v", title })),
  fc.oneof(fc.constantFrom(0, -5, 10_000_001), fc.string({ maxLength: 4 }), rawNumber).map((duration) => ({ v: 1, type: "media", url: "https://example.com/v", title: "t", duration })),
  fc
    .oneof(
      fc.constant({ id: "s1", points: [], color: "#ff0000", width: 0.01 }),
      fc.constant({ id: "s1", points: Array.from({ length: 2001 }, () => [0.5, 0.5]), color: "#ff0000", width: 0.01 }),
      fc.constant({ id: "s1", points: [[2, 0]], color: "#ff0000", width: 0.01 }),
      fc.constant({ id: "s1", points: [[0.1, 0.1]], color: "red", width: 0.01 }),
      fc.constant({ id: "s1", points: [[0.1, 0.1]], color: "#ff0000", width: 0 }),
      fc.constant({ id: "", points: [[0.1, 0.1]], color: "#ff0000", width: 0.01 }),
    )
    .map((stroke) => ({ v: 1, type: "draw.stroke", stroke })),
  fc.oneof(fc.constantFrom(-1, 1.5), notANumber).map((cid) => ({ v: 1, type: "play", cid })),
  fc.constantFrom(-1, -1e9).map((at) => ({ v: 1, type: "pause", at })),
  fc.oneof(notANumber.filter((t) => t !== null), rawNumber).map((t0) => ({ v: 1, type: "ping", t0 })),
  fc.oneof(fc.constantFrom(0, 2, "1", null, 1.5), rawNumber).map((v) => ({ v, type: "play" })),
  fc.oneof(fc.string({ maxLength: 10 }), withNul).filter((t) => !["play", "pause", "seek", "rate", "horizon", "media", "draw.stroke", "draw.clear", "chat", "ping"].includes(t)).map((type) => ({ v: 1, type })),
  fc.constant({ type: "play" }),
  // Track requests: bad links and titles, bad request ids (a well-formed unknown id is a 404, also refused).
  fc.oneof(badUrl, fc.constantFrom("   ", "https://vm.tiktok.com/ZMabc123/")).map((url) => ({ v: 1, type: "request.add", url })),
  fc.oneof(badText(300), notAString).map((title) => ({ v: 1, type: "request.add", url: "https://youtu.be/dQw4w9WgXcQ", title })),
  fc
    .tuple(fc.constantFrom("request.accept", "request.dismiss"), fc.oneof(fc.constantFrom("", "x".repeat(65), "no-such-request"), notAString, withNul))
    .map(([type, requestId]) => ({ v: 1, type, requestId })),
  // Polls: too few or too many options, bad options and durations, bad vote choices.
  fc
    .oneof(
      fc.constant({ kind: "next", options: [{ title: "A" }], durationSeconds: 60 }),
      fc.constant({ kind: "next", options: Array.from({ length: 7 }, (_, i) => ({ title: `T${i}` })), durationSeconds: 60 }),
      fc.oneof(fc.constantFrom(0, 29, 1801, 30.5, -1, "60"), rawNumber).map((durationSeconds) => ({ kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds })),
      fc.oneof(badText(300), notAString, fc.constantFrom("", "  ")).map((title) => ({ kind: "next", options: [{ title }, { title: "B" }], durationSeconds: null })),
      badUrl.map((url) => ({ kind: "next", options: [{ url }, { title: "B" }], durationSeconds: null })),
      fc.constant({ kind: "next", options: [{ itemId: "missing" }, { title: "B" }], durationSeconds: null }),
      fc.constant({ kind: "next", options: [{ title: "A" }, { title: "A" }], durationSeconds: null }),
      fc.constant({ kind: "next", options: [{ title: "A", extra: 1 }, { title: "B" }], durationSeconds: null }),
      fc.constantFrom([0], [0, 0], [0, 61], [0, -5], [0, 2.5], ["5", 10]).map((breakMinutes) => ({ kind: "break", breakMinutes, durationSeconds: null })),
      fc.constant({ kind: "vote", options: [], durationSeconds: null }),
    )
    .map((poll) => ({ v: 1, type: "poll.open", poll })),
  fc
    .tuple(fc.constantFrom("poll.vote", "poll.pick"), fc.oneof(fc.constantFrom(-1, 1.5, 64, "1", null), rawNumber), fc.oneof(fc.constantFrom("", "x".repeat(65)), notAString))
    .map(([type, option, pollId]) => ({ v: 1, type, pollId, option })),
  // Voice: bad modes and flags, bad member ids, and signals malformed or larger than any real one
  // (the host here is not in voice, so even a well-formed signal is refused).
  fc.oneof(fc.constantFrom("shout", "", null, 1), notAString).map((mode) => ({ v: 1, type: "voice.join", mode })),
  fc.oneof(fc.constantFrom("yes", 1, null), notANumber).map((muted) => ({ v: 1, type: "voice.update", muted })),
  fc
    .tuple(fc.constantFrom("voice.mute", "voice.remove"), fc.oneof(fc.constantFrom("", "x".repeat(65), "nobody-in-voice"), notAString, withNul))
    .map(([type, memberId]) => ({ v: 1, type, memberId, muted: true })),
  fc
    .oneof(
      fc.constant({ kind: "description", description: { type: "offer", sdp: "v".repeat(16 * 1024 + 1) } }),
      fc.constant({ kind: "description", description: { type: "bogus", sdp: "v=0" } }),
      fc.constant({ kind: "candidates", candidates: [] }),
      fc.constant({ kind: "candidates", candidates: Array.from({ length: 33 }, () => ({ candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host" })) }),
      fc.constant({ kind: "candidates", candidates: [{ candidate: "c".repeat(1025) }] }),
      fc.oneof(notAString, fc.constantFrom("offer", null)),
      fc.constant({ kind: "description", description: { type: "offer", sdp: "v=0" } }),
    )
    .chain((signal) => fc.oneof(fc.constantFrom("", "x".repeat(65), "nobody-in-voice"), notAString).map((to) => ({ v: 1, type: "voice.signal", to, signal }))),
);

const badPlaylistTitle = fc.oneof(badText(100), notAString, fc.constantFrom("", "   ", "\t\n", null));
const playlistBad = { title: badPlaylistTitle, accept_youtube: notABoolean, accept_tiktok: notABoolean };

const twitchBody = { channel: "fuzzchannel", bot_username: "fuzz_bot", command_prefix: "!", oauth_token: "oauth:fuzztoken", replies_enabled: true, cooldown_seconds: 30 };
const badTwitchLogin = fc.oneof(fc.constantFrom("ab", "a-b", "a b", "@@@", "x".repeat(26), "#", "#a", "ünï"), withNul, withControl, withLoneSurrogate, tooLong(25), notAString);
const twitchBad = {
  replies_enabled: notABoolean,
  cooldown_seconds: fc.oneof(fc.constantFrom(-1, 3601, 1.5, 1e300), notANumber, rawNumber),
  channel: badTwitchLogin,
  bot_username: badTwitchLogin,
  command_prefix: fc.oneof(badText(20), notAString, fc.constantFrom("! add", "a b", "!\u00A0x", "!\u3000a")),
  oauth_token: fc.oneof(badText(200), notAString, fc.constantFrom("oauth: abc", "a\tb", "a\nb")),
};

/** How the server reads a share code: people type them with dashes, spaces and lower case. */
const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

// --- one spec per route file ------------------------------------------------------------------------

const SPECS: Record<string, RouteSpec> = {
  "[...rest]": {
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    runs: 15,
    requests: () => {
      const segment = fc.oneof(
        fc.constantFrom("nope", "v2", "v1", "x", "%00"),
        anyText(6)
          .map(encodeURIComponent)
          .filter((s) => s.length > 0 && ![".", "..", "auth", "v1"].includes(s)),
      );
      return fc
        .tuple(fc.constantFrom<Method>(...METHODS), fc.array(segment, { minLength: 1, maxLength: 4 }))
        .map(([method, segments]) =>
          req({ method, url: `/api/v1/no-such/${segments.join("/")}`, as: "anon", body: method === "GET" ? undefined : "{}", note: "unknown path" }),
        );
    },
  },
  "v1/auth/kick/authorize": {
    methods: ["GET"],
    runs: 20,
    requests: () => {
      const badParams = fc.record({
        state: fc.oneof(fc.constant("short"), withNul, fc.constant("s".repeat(129)), fc.constant("not base64url!!!!!!")),
        code_challenge: fc.oneof(fc.constant("x"), fc.constant("c".repeat(44)), fc.constant(`${"c".repeat(42)}!`)),
        callback: fc.constantFrom("/auth/kick/callback", "https://evil.example/cb", "/elsewhere"),
      });
      return mostly(
        [
          badParams.map((q) => req({ method: "GET", url: `/api/v1/auth/kick/authorize?${new URLSearchParams(q)}`, as: "anon", note: "bad authorize query" })),
          badQuery(["state", "code_challenge", "callback"]).map((q) =>
            req({ method: "GET", url: `/api/v1/auth/kick/authorize${q}`, as: "anon", note: "junk authorize query" }),
          ),
        ],
        wrongMethods("/api/v1/auth/kick/authorize", ["GET"]),
      );
    },
  },
  "v1/auth/kick/exchange-code": {
    methods: ["POST"],
    runs: 20,
    requests: () =>
      mostly(
        [
          badBodies(
            { code: "abc", codeVerifier: "v".repeat(43) },
            {
              code: fc.oneof(badText(2048), notAString, fc.constant("")),
              codeVerifier: fc.oneof(fc.constantFrom("short", "v".repeat(129), `${"v".repeat(42)}!`), withNul, notAString),
              redirectPath: notOneOf(["/auth/kick/callback", "/kick-auth-callback"]),
            },
          ).map((b) => req({ method: "POST", url: "/api/v1/auth/kick/exchange-code", as: "anon", ...b })),
        ],
        wrongMethods("/api/v1/auth/kick/exchange-code", ["POST"]),
      ),
  },
  "v1/auth/providers": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/auth/providers", "anon")], wrongMethods("/api/v1/auth/providers", ["GET"])),
  },
  "v1/auth/token-exchange": {
    methods: ["POST"],
    runs: 30,
    requests: (w) =>
      mostly(
        [
          badBodies(
            { platform: "session", token: w.users[1]!.token },
            { platform: notOneOf(["session", "kick"]), token: fc.oneof(badText(4096), notAString, fc.constantFrom("", "   ")) },
          ).map((b) => req({ method: "POST", url: "/api/v1/auth/token-exchange", as: "anon", ...b })),
        ],
        wrongMethods("/api/v1/auth/token-exchange", ["POST"]),
      ),
  },
  "v1/guests": {
    methods: ["POST"],
    runs: 25,
    requests: () =>
      mostly(
        [
          badBodies({ username: "Fuzz Guest" }, { username: fc.oneof(badText(30), notAString, fc.constantFrom("a", "", "<script>", "a/b", "   ")) }).map((b) =>
            req({ method: "POST", url: "/api/v1/guests", as: "anon", ...b }),
          ),
        ],
        wrongMethods("/api/v1/guests", ["POST"]),
      ),
  },
  "v1/health": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/health", "anon")], wrongMethods("/api/v1/health", ["GET"])),
  },
  "v1/voice/ice-servers": {
    methods: ["GET"],
    runs: 10,
    requests: () =>
      mostly(
        [junkOnReads("/api/v1/voice/ice-servers", "guest"), fc.constant(req({ method: "GET", url: "/api/v1/voice/ice-servers", as: "anon", note: "no identity" }))],
        wrongMethods("/api/v1/voice/ice-servers", ["GET"]),
      ),
  },
  "v1/ready": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/ready", "anon")], wrongMethods("/api/v1/ready", ["GET"])),
  },
  "v1/metrics": {
    methods: ["GET"],
    runs: 15,
    // The app runs with a metrics token: every bad token and junk query is refused, none is a 5xx.
    requests: () => mostly([junkOnReads("/api/v1/metrics", "anon")], wrongMethods("/api/v1/metrics", ["GET"])),
  },
  "v1/parties": {
    methods: ["POST"],
    runs: 45,
    requests: () => {
      const badTwitchChannel = fc
        .constantFrom("@@@", "ab", "a-b", "", "x".repeat(26))
        .map((channel) => toJsonText({ ...partyBody, chat_provider: "twitch", chat_identifier: channel }));
      return mostly(
        [
          badBodies(partyBody, partyBad).map((b) => req({ method: "POST", url: "/api/v1/parties", as: "anyPool", ...b })),
          badBodies(partyBody, partyBad).map((b) => req({ method: "POST", url: "/api/v1/parties", as: "anyPool", ...b })),
          badTwitchChannel.map((body) => req({ method: "POST", url: "/api/v1/parties", as: "anyPool", body, note: "twitch chat without a valid channel" })),
        ],
        wrongMethods("/api/v1/parties", ["POST"]),
      );
    },
  },
  "v1/parties/[id]": {
    methods: ["GET", "PATCH", "DELETE"],
    runs: 25,
    requests: (w) =>
      mostly(
        [
          badIds("/api/v1/parties/{id}", ["GET", "PATCH", "DELETE"], "guest", () => '{"video_title":"Renamed"}'),
          fc.constantFrom<Caller>("guest", "anon").map((as) => req({ method: "DELETE", url: `/api/v1/parties/${w.partyId}`, as, note: "not the host ends the party" })),
          fc.constantFrom<Caller>("guest", "anon").map((as) => req({ method: "PATCH", url: `/api/v1/parties/${w.partyId}`, as, body: '{"video_title":"Hijacked"}', note: "not the host renames the party" })),
          junkOnReads(`/api/v1/parties/${w.partyId}`, "guest", ["code"]),
        ],
        wrongMethods(`/api/v1/parties/${w.partyId}`, ["GET", "PATCH", "DELETE"]),
      ),
  },
  "v1/parties/[id]/commands": {
    methods: ["POST"],
    runs: 50,
    requests: (w) => {
      const url = `/api/v1/parties/${w.partyId}/commands`;
      return mostly(
        [
          fc.tuple(badCommand, extraFields).map(([c, extra]) => req({ method: "POST", url, as: "host", body: toJsonText({ ...extra, ...(c as object) }), note: "bad command" })),
          fc.tuple(badCommand, extraFields).map(([c, extra]) => req({ method: "POST", url, as: "host", body: toJsonText({ ...(c as object), ...extra }), note: "bad command" })),
          badBodies({ v: 1, type: "chat", text: "hello" }, { text: fc.oneof(badText(500), notAString) }).map((b) => req({ method: "POST", url, as: "host", ...b })),
          badIds("/api/v1/parties/{id}/commands", ["POST"], "host", () => '{"v":1,"type":"ping","t0":1}'),
          fc.constant(req({ method: "POST", url, as: "guest", body: '{"v":1,"type":"chat","text":"not a member"}', note: "a non-member chats" })),
          // Moderation: the host's kick/ban with bad member ids, and a non-member trying it.
          badBodies({ v: 1, type: "member.kick", memberId: "someone" }, { memberId: fc.oneof(badText(100), notAString) }).map((b) => req({ method: "POST", url, as: "host", ...b })),
          fc.constant(req({ method: "POST", url, as: "guest", body: '{"v":1,"type":"member.ban","memberId":"someone"}', note: "a non-member bans" })),
          // Handing over the host role with bad member ids; reporting chat messages with bad message ids.
          badBodies({ v: 1, type: "host.handover", memberId: "someone" }, { memberId: fc.oneof(badText(100), notAString) }).map((b) => req({ method: "POST", url, as: "host", ...b })),
          badBodies({ v: 1, type: "chat.report", messageId: "some-message" }, { messageId: fc.oneof(badText(100), notAString) }).map((b) => req({ method: "POST", url, as: "host", ...b })),
          fc.constant(req({ method: "POST", url, as: "guest", body: '{"v":1,"type":"host.handover","memberId":"someone"}', note: "a non-member hands over the host role" })),
        ],
        wrongMethods(url, ["POST"]),
      );
    },
  },
  "v1/parties/[id]/events": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/parties/{id}/events", ["GET"], "guest")], wrongMethods(`/api/v1/parties/${w.partyId}/events`, ["GET"])),
  },
  "v1/parties/[id]/join": {
    methods: ["POST"],
    runs: 20,
    requests: (w) =>
      mostly(
        [
          badIds("/api/v1/parties/{id}/join", ["POST"], "guest"),
          fc.constant(req({ method: "POST", url: `/api/v1/parties/${w.partyId}/join`, as: "anon", note: "join without an identity" })),
        ],
        wrongMethods(`/api/v1/parties/${w.partyId}/join`, ["POST"]),
      ),
  },
  "v1/parties/[id]/queue": {
    methods: ["GET", "POST"],
    runs: 35,
    requests: (w) => {
      const url = `/api/v1/parties/${w.partyId}/queue`;
      const valid = { items: [{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Fuzz item" }] };
      const badLink = fc.oneof(
        fc.constantFrom("javascript:alert(1)", "ftp://files.example/a.mp4", "data:text/html,hi", "", "   ", "not a link"),
        badText(2048),
        notAString,
      );
      const badItem = fc.oneof(
        badLink.map((u) => ({ url: u })),
        fc.oneof(badText(300), notAString).map((title) => ({ url: valid.items[0]!.url, title })),
        fc.oneof(notAString, fc.constant(null)),
      );
      const badItems = fc.oneof(
        notAString.filter((v) => !Array.isArray(v)),
        fc.constant([]),
        badItem.map((item) => [valid.items[0], item]),
        fc.nat(20).map((n) => Array.from({ length: 101 + n }, (_, i) => ({ url: `https://www.youtube.com/watch?v=dQw4w9Wg${String(i).padStart(3, "0")}` }))),
      );
      return mostly(
        [
          badBodies(valid, { items: badItems }).map((b) => req({ method: "POST", url, as: "host", ...b })),
          badIds("/api/v1/parties/{id}/queue", ["GET", "POST"], "host", () => JSON.stringify(valid)),
          fc.constantFrom<Caller>("guest", "anon").map((as) => req({ method: "POST", url, as, body: JSON.stringify(valid), note: "not the host adds to the queue", expect: "denied" })),
          junkOnReads(url, "guest"),
        ],
        wrongMethods(url, ["GET", "POST"]),
      );
    },
  },
  "v1/parties/[id]/poll": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => {
      const url = `/api/v1/parties/${w.partyId}/poll`;
      return mostly([badIds("/api/v1/parties/{id}/poll", ["GET"], "guest"), junkOnReads(url, "guest")], wrongMethods(url, ["GET"]));
    },
  },
  "v1/parties/active": {
    methods: ["GET"],
    runs: 20,
    requests: () => {
      const badListQuery = fc.oneof(
        fc.constantFrom("limit=0", "limit=101", "limit=-1", "limit=1.5", "limit=NaN", "limit=1e999", "limit=abc", "fields=nope", "fields=id,%00", "fields=__proto__"),
        fc.string({ maxLength: 10 }).map((f) => `fields=${encodeURIComponent(f)}x`),
      );
      return mostly(
        [
          badListQuery.map((q) => req({ method: "GET", url: `/api/v1/parties/active?${q}`, as: "anon", note: "bad list query" })),
          junkOnReads("/api/v1/parties/active", "anon", ["fields", "limit"]),
        ],
        wrongMethods("/api/v1/parties/active", ["GET"]),
      );
    },
  },
  "v1/parties/active/deltas": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/parties/active/deltas", "anon")], wrongMethods("/api/v1/parties/active/deltas", ["GET"])),
  },
  "v1/playlists": {
    methods: ["GET", "POST"],
    runs: 40,
    requests: () => {
      const bodies = badBodies({ title: "Fuzz mix two" }, { title: badPlaylistTitle }).map((b) => req({ method: "POST", url: "/api/v1/playlists", as: "userPool", ...b }));
      return mostly(
        [
          bodies,
          bodies,
          fc.constant(req({ method: "POST", url: "/api/v1/playlists", as: "anon", body: '{"title":"No session"}', note: "create without a session", expect: "denied" })),
          junkOnReads("/api/v1/playlists", "anon"),
        ],
        wrongMethods("/api/v1/playlists", ["GET", "POST"]),
      );
    },
  },
  "v1/playlists/[id]": {
    methods: ["GET", "PATCH", "DELETE"],
    runs: 60,
    requests: (w) => {
      const url = `/api/v1/playlists/${w.playlistId}`;
      const bodies = (as: Caller) => badBodies({ title: "Renamed", accept_youtube: false }, playlistBad).map((b) => req({ method: "PATCH", url, as, ...b }));
      const nothing = fc.constantFrom("{}", '{"name":"x"}', '{"title":null}').map((body) => req({ method: "PATCH", url, as: "owner", body, note: "nothing to change" }));
      // Viewers and collaborators may not rename; only the owner deletes.
      const wrongUser = fc.oneof(
        fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "PATCH", url, as, body: '{"title":"Hijacked","accept_tiktok":false}', note: `${as} renames`, expect: "denied" })),
        fc.constantFrom<Caller>("stranger", "collaborator", "editor", "anon").map((as) => req({ method: "DELETE", url, as, note: `${as} deletes the playlist`, expect: "denied" })),
        fc.constantFrom<Method>("PATCH", "DELETE").map((method) =>
          req({ method, url: `/api/v1/playlists/${w.otherPlaylistId}`, as: "owner", body: method === "PATCH" ? '{"title":"Hijacked"}' : undefined, note: `${method} someone else's playlist`, expect: "denied" }),
        ),
      );
      return mostly(
        [bodies("owner"), bodies("editor"), nothing, wrongUser, badIds("/api/v1/playlists/{id}", ["GET", "PATCH", "DELETE"], "owner", () => '{"title":"Renamed"}'), junkOnReads(url, "collaborator")],
        wrongMethods(url, ["GET", "PATCH", "DELETE"]),
      );
    },
  },
  "v1/playlists/[id]/play": {
    methods: ["POST"],
    runs: 25,
    requests: (w) => {
      const url = `/api/v1/playlists/${w.playlistId}/play`;
      const valid = { mode: "queue", visibility: "public" };
      return mostly(
        [
          badBodies(valid, { mode: notOneOf(["queue", "start"]), visibility: notOneOf(["public", "private"]) }).map((b) => req({ method: "POST", url, as: "owner", ...b })),
          badIds("/api/v1/playlists/{id}/play", ["POST"], "owner", () => JSON.stringify(valid)),
          fc.constant(req({ method: "POST", url, as: "anon", body: JSON.stringify(valid), note: "anonymous plays a playlist", expect: "denied" })),
        ],
        wrongMethods(url, ["POST"]),
      );
    },
  },
  "v1/playlists/[id]/links": {
    methods: ["POST"],
    runs: 35,
    requests: (w) => {
      const url = `/api/v1/playlists/${w.playlistId}/links`;
      // A valid link (an 11-character YouTube id), so a refusal comes from the bad field or the caller.
      const link = '{"url":"https://www.youtube.com/watch?v=fuzzfuzz001"}';
      const bodies = badBodies({ url: "https://www.youtube.com/watch?v=fuzzfuzz001", title: "Song" }, { url: badUrl, title: fc.oneof(badText(200), notAString) });
      return mostly(
        [
          bodies.map((b) => req({ method: "POST", url, as: "owner", ...b })),
          bodies.map((b) => req({ method: "POST", url, as: "owner", ...b })),
          badIds("/api/v1/playlists/{id}/links", ["POST"], "owner", () => link),
          fc.constant(req({ method: "POST", url, as: "stranger", body: link, note: "not the owner adds a link", expect: "denied" })),
        ],
        wrongMethods(url, ["POST"]),
      );
    },
  },
  "v1/playlists/[id]/links/[linkId]": {
    methods: ["PATCH", "DELETE"],
    runs: 60,
    requests: (w) => {
      const link = (playlistId: string, linkId: string) => `/api/v1/playlists/${playlistId}/links/${linkId}`;
      const url = link(w.playlistId, w.ownerLinkIds[0]!);
      const bodies = (as: Caller) =>
        badBodies({ position: 1 }, { position: fc.oneof(fc.constantFrom(-1, -0.5, 1.5, 1e-9, -1e9), notANumber, rawNumber) }).map((b) => req({ method: "PATCH", url, as, ...b }));
      const wrongUser = fc.oneof(
        fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "PATCH", url, as, body: '{"position":1}', note: `${as} moves a video`, expect: "denied" })),
        // A collaborator removes only the videos they added; viewers none.
        fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "DELETE", url, as, note: `${as} removes the owner's video`, expect: "denied" })),
        fc.constantFrom<Caller>("stranger", "anon").map((as) => req({ method: "DELETE", url: link(w.playlistId, w.collaboratorLinkId), as, note: `${as} removes the collaborator's video`, expect: "denied" })),
        // Another playlist's video: not found through this playlist, refused through its own.
        fc.constantFrom<Method>("PATCH", "DELETE").map((method) =>
          req({ method, url: link(w.playlistId, w.otherLinkId), as: "owner", body: method === "PATCH" ? '{"position":0}' : undefined, note: `${method} a video of another playlist`, expect: "denied" }),
        ),
        fc.constantFrom<Method>("PATCH", "DELETE").map((method) =>
          req({ method, url: link(w.otherPlaylistId, w.otherLinkId), as: "editor", body: method === "PATCH" ? '{"position":0}' : undefined, note: `${method} in a playlist one is no editor of`, expect: "denied" }),
        ),
      );
      return mostly(
        [
          bodies("owner"),
          bodies("editor"),
          fc.constantFrom("{}", '{"position":null}', '{"pos":1}').map((body) => req({ method: "PATCH", url, as: "owner", body, note: "no position" })),
          wrongUser,
          badIds(link("{id}", w.ownerLinkIds[0]!), ["PATCH", "DELETE"], "owner", () => '{"position":1}'),
          badIds(link(w.playlistId, "{id}"), ["PATCH", "DELETE"], "owner", () => '{"position":1}'),
        ],
        wrongMethods(url, ["PATCH", "DELETE"]),
      );
    },
  },
  "v1/playlists/[id]/twitch": {
    methods: ["GET", "PUT"],
    runs: 50,
    requests: (w) => {
      const url = `/api/v1/playlists/${w.playlistId}/twitch`;
      // A body of unknown keys only is a valid PUT (it clears the channel and bot and keeps the
      // token), so the prototype-polluting variant, which carries no real field, is not sent here.
      const bodies = badBodies(twitchBody, twitchBad)
        .filter((b) => b.note !== "prototype-polluting keys")
        .map((b) => req({ method: "PUT", url, as: "owner", ...b }));
      // Twitch settings are the owner's alone: not even an editor reads or writes them.
      const wrongUser = fc.tuple(fc.constantFrom<Caller>("stranger", "collaborator", "editor", "anon"), fc.constantFrom<Method>("GET", "PUT")).map(([as, method]) =>
        req({ method, url, as, body: method === "PUT" ? JSON.stringify({ ...twitchBody, channel: "hijacker" }) : undefined, note: `${as} ${method}s the Twitch settings`, expect: "denied" }),
      );
      return mostly(
        [bodies, bodies, bodies, wrongUser, badIds("/api/v1/playlists/{id}/twitch", ["GET", "PUT"], "owner", () => JSON.stringify(twitchBody)), junkOnReads(url, "owner")],
        wrongMethods(url, ["GET", "PUT"]),
      );
    },
  },
  "v1/playlists/[id]/twitch/connection": {
    methods: ["POST", "DELETE"],
    runs: 30,
    requests: (w) => {
      const url = `/api/v1/playlists/${w.playlistId}/twitch/connection`;
      // Only the owner turns the chat bot on or off. (The owner's own POST is not fuzzed: with saved
      // settings it would really connect; tests/integration/twitch-bot.test.ts covers it against a stand-in.)
      const wrongUser = fc.tuple(fc.constantFrom<Caller>("stranger", "collaborator", "editor", "anon"), fc.constantFrom<Method>("POST", "DELETE")).map(([as, method]) =>
        req({ method, url, as, body: method === "POST" ? "{}" : undefined, note: `${as} ${method}s the Twitch bot's connection`, expect: "denied" }),
      );
      return mostly([wrongUser, wrongUser, badIds("/api/v1/playlists/{id}/twitch/connection", ["POST", "DELETE"], "owner", () => "{}")], wrongMethods(url, ["POST", "DELETE"]));
    },
  },
  "v1/playlists/join": {
    methods: ["POST"],
    runs: 40,
    requests: (w) => {
      const url = "/api/v1/playlists/join";
      const real = new Set([normalizeCode(w.shareCode), w.adminKey]);
      const unknownCode = fc
        .oneof(fc.string({ unit: fc.constantFrom(..."ABCDEFGHJKMNPQRSTUVWXYZ23456789-"), minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom("----", " - ", "🎬"))
        .filter((code) => code.trim() !== "" && !real.has(normalizeCode(code)) && !real.has(code))
        .map((code) => req({ method: "POST", url, as: "userPool", body: JSON.stringify({ code }), note: "unknown share code" }));
      // Joining again never changes a role (and the owner stays the owner): answered, nothing written.
      const rejoin = fc
        .constantFrom<[Caller, string]>(["owner", w.shareCode], ["owner", w.adminKey], ["collaborator", w.shareCode.toLowerCase()], ["editor", w.shareCode], ["editor", w.adminKey])
        .map(([as, code]) => req({ method: "POST", url, as, body: JSON.stringify({ code }), expect: "any", note: `${as} joins again` }));
      return mostly(
        [
          badBodies({ code: "ZZZZ-ZZZZ" }, { code: fc.oneof(badText(64), notAString, fc.constantFrom("", "   ", null)) }).map((b) => req({ method: "POST", url, as: "userPool", ...b })),
          unknownCode,
          rejoin,
          fc.constant(req({ method: "POST", url, as: "anon", body: JSON.stringify({ code: w.shareCode }), note: "join without a session", expect: "denied" })),
        ],
        wrongMethods(url, ["POST"]),
      );
    },
  },
  "v1/playlists/me": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/playlists/me", "collaborator")], wrongMethods("/api/v1/playlists/me", ["GET"])),
  },
  "v1/diagnostics/realtime": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => {
      const url = "/api/v1/diagnostics/realtime";
      const badParty = fc
        .oneof(
          fc.nat(200).map((n) => "p".repeat(65 + n)),
          fc.integer({ min: 101, max: 140 }).map((n) => Array.from({ length: n }, (_, i) => `p${i}`).join(",")),
          fc.constant(`${w.partyId},${"x".repeat(100 * 65)}`),
        )
        .map((party) => req({ method: "GET", url: `${url}?party=${party}`, as: "anon", note: "bad party list" }));
      return mostly([badParty, junkOnReads(url, "anon", ["party"])], wrongMethods(url, ["GET"]));
    },
  },
  "v1/scheduled-parties": {
    methods: ["GET", "POST"],
    runs: 40,
    requests: () => {
      const bodies = badBodies(scheduledBody, scheduledBad).map((b) => req({ method: "POST", url: "/api/v1/scheduled-parties", as: "userPool", ...b }));
      return mostly(
        [
          bodies,
          bodies,
          bodies,
          fc.constant(req({ method: "POST", url: "/api/v1/scheduled-parties", as: "anon", body: JSON.stringify(scheduledBody), note: "create without a session", expect: "denied" })),
          junkOnReads("/api/v1/scheduled-parties", "owner"),
        ],
        wrongMethods("/api/v1/scheduled-parties", ["GET", "POST"]),
      );
    },
  },
  "v1/scheduled-parties/[id]": {
    methods: ["GET", "PUT", "DELETE"],
    runs: 45,
    requests: (w) => {
      const url = `/api/v1/scheduled-parties/${w.scheduledId}`;
      const bodies = badBodies(scheduledBody, scheduledBad).map((b) => req({ method: "PUT", url, as: "owner", ...b }));
      const strangerWrites = fc
        .constantFrom<Method>("PUT", "DELETE")
        .map((method) => req({ method, url, as: "stranger", body: method === "PUT" ? JSON.stringify(scheduledBody) : undefined, note: `not the host: ${method}`, expect: "denied" }));
      const badCode = badQuery(["code"]).map((q) =>
        req({ method: "GET", url: `/api/v1/scheduled-parties/${w.privateScheduledId}${q}`, as: "stranger", note: "private party with a bad code" }),
      );
      return mostly(
        [bodies, bodies, bodies, badIds("/api/v1/scheduled-parties/{id}", ["GET", "PUT", "DELETE"], "owner", () => JSON.stringify(scheduledBody)), strangerWrites, badCode],
        wrongMethods(url, ["GET", "PUT", "DELETE"]),
      );
    },
  },
  "v1/scheduled-parties/[id]/calendar": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => {
      const url = `/api/v1/scheduled-parties/${w.scheduledId}/calendar`;
      const badCode = badQuery(["code"]).map((q) => req({ method: "GET", url: `/api/v1/scheduled-parties/${w.privateScheduledId}/calendar${q}`, as: "stranger", note: "private party's calendar with a bad code" }));
      return mostly([badCode, badIds("/api/v1/scheduled-parties/{id}/calendar", ["GET"], "owner"), junkOnReads(url, "anon", ["code"])], wrongMethods(url, ["GET"]));
    },
  },
  "v1/scheduled-parties/[id]/programme": {
    methods: ["PUT"],
    runs: 30,
    requests: (w) => {
      const url = `/api/v1/scheduled-parties/${w.scheduledId}/programme`;
      const valid = { items: [{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Fuzz item" }] };
      const badItem = fc.oneof(
        fc.oneof(fc.constantFrom("javascript:alert(1)", "ftp://files.example/a.mp4", "data:text/html,hi", "", "   ", "not a link"), badText(2048), notAString).map((u) => ({ url: u })),
        fc.oneof(badText(300), notAString).map((title) => ({ url: valid.items[0]!.url, title })),
        fc.oneof(notAString, fc.constant(null)),
      );
      const badItems = fc.oneof(
        notAString.filter((v) => !Array.isArray(v)),
        badItem.map((item) => [valid.items[0], item]),
        fc.nat(20).map((n) => Array.from({ length: 101 + n }, () => valid.items[0])),
      );
      return mostly(
        [
          badBodies(valid, { items: badItems }).map((b) => req({ method: "PUT", url, as: "owner", ...b })),
          badIds("/api/v1/scheduled-parties/{id}/programme", ["PUT"], "owner", () => JSON.stringify(valid)),
          fc.constantFrom<Caller>("stranger", "anon").map((as) => req({ method: "PUT", url, as, body: JSON.stringify(valid), note: "not the host edits the programme", expect: "denied" })),
        ],
        wrongMethods(url, ["PUT"]),
      );
    },
  },
  "v1/scheduled-parties/[id]/start": {
    methods: ["POST"],
    runs: 15,
    requests: (w) => {
      const url = `/api/v1/scheduled-parties/${w.scheduledId}/start`;
      return mostly(
        [
          badIds("/api/v1/scheduled-parties/{id}/start", ["POST"], "owner"),
          fc.constantFrom<Caller>("stranger", "anon").map((as) => req({ method: "POST", url, as, note: "not the host starts the party", expect: "denied" })),
        ],
        wrongMethods(url, ["POST"]),
      );
    },
  },
  "v1/scheduled-parties/[id]/rsvp": {
    methods: ["POST", "DELETE"],
    runs: 25,
    requests: (w) =>
      mostly(
        [
          badIds("/api/v1/scheduled-parties/{id}/rsvp", ["POST", "DELETE"], "stranger"),
          badQuery(["code"]).map((q) =>
            req({ method: "POST", url: `/api/v1/scheduled-parties/${w.privateScheduledId}/rsvp${q}`, as: "stranger", note: "RSVP to a private party with a bad code" }),
          ),
        ],
        wrongMethods(`/api/v1/scheduled-parties/${w.scheduledId}/rsvp`, ["POST", "DELETE"]),
      ),
  },
  "v1/scheduled-parties/host/[id]": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/scheduled-parties/host/{id}", ["GET"], "anon")], wrongMethods(`/api/v1/scheduled-parties/host/${w.users[0]!.id}`, ["GET"])),
  },
  "v1/scheduled-parties/me": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/scheduled-parties/me", "owner")], wrongMethods("/api/v1/scheduled-parties/me", ["GET"])),
  },
  "v1/scheduled-parties/me/joined": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/scheduled-parties/me/joined", "owner")], wrongMethods("/api/v1/scheduled-parties/me/joined", ["GET"])),
  },
  "v1/users/[username]": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/users/{id}", ["GET"], "anon")], wrongMethods(`/api/v1/users/${w.users[0]!.username}`, ["GET"])),
  },
  "v1/users/[username]/recordings": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/users/{id}/recordings", ["GET"], "anon"), junkOnReads(`/api/v1/users/${w.users[0]!.username}/recordings`, "stranger")], wrongMethods(`/api/v1/users/${w.users[0]!.username}/recordings`, ["GET"])),
  },
  "v1/recordings": {
    methods: ["GET"],
    runs: 15,
    requests: () =>
      mostly(
        [junkOnReads("/api/v1/recordings", "owner"), fc.constant(req({ method: "GET", url: "/api/v1/recordings", as: "anon", note: "my recordings without a session", expect: "denied" }))],
        wrongMethods("/api/v1/recordings", ["GET"]),
      ),
  },
  "v1/recordings/[id]": {
    methods: ["GET", "PATCH", "DELETE"],
    runs: 60,
    requests: (w) => {
      const url = `/api/v1/recordings/${w.recordingId}`;
      const bodies = badBodies({ title: "Renamed", privacy: "public" }, recordingBad).map((b) => req({ method: "PATCH", url, as: "owner", ...b }));
      const nothing = fc.constantFrom("{}", '{"name":"x"}', '{"title":null}').map((body) => req({ method: "PATCH", url, as: "owner", body, note: "nothing to change" }));
      const wrongUser = fc.oneof(
        fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "PATCH", url, as, body: '{"title":"Hijacked","privacy":"public"}', note: `${as} renames`, expect: "denied" })),
        fc.constantFrom<Caller>("stranger", "editor", "anon").map((as) => req({ method: "DELETE", url, as, note: `${as} deletes the recording`, expect: "denied" })),
      );
      return mostly(
        [bodies, nothing, wrongUser, badIds("/api/v1/recordings/{id}", ["GET", "PATCH", "DELETE"], "owner", () => '{"title":"Renamed"}'), junkOnReads(url, "stranger")],
        wrongMethods(url, ["GET", "PATCH", "DELETE"]),
      );
    },
  },
  "v1/recordings/[id]/timeline": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/recordings/{id}/timeline", ["GET"], "anon"), junkOnReads(`/api/v1/recordings/${w.recordingId}/timeline`, "stranger")], wrongMethods(`/api/v1/recordings/${w.recordingId}/timeline`, ["GET"])),
  },
  "v1/recordings/[id]/party": {
    methods: ["POST"],
    runs: 30,
    requests: (w) => {
      const url = `/api/v1/recordings/${w.recordingId}/party`;
      // Only bad bodies: a valid one would start a live party for the caller.
      const bodies = badBodies({ visibility: "private" }, { visibility: notOneOf(["public", "private"]) }).map((b) => req({ method: "POST", url, as: "userPool", ...b }));
      const anon = fc.constant(req({ method: "POST", url, as: "anon", body: '{"visibility":"private"}', note: "watch together without a session", expect: "denied" }));
      return mostly([bodies, anon, badIds("/api/v1/recordings/{id}/party", ["POST"], "stranger", () => '{"visibility":"private"}')], wrongMethods(url, ["POST"]));
    },
  },
  "v1/users/[username]/twitch": {
    methods: ["GET"],
    runs: 15,
    requests: (w) => mostly([badIds("/api/v1/users/{id}/twitch", ["GET"], "anon")], wrongMethods(`/api/v1/users/${w.users[0]!.username}/twitch`, ["GET"])),
  },
  "v1/users/me": {
    methods: ["GET", "PATCH"],
    runs: 50,
    requests: () => {
      const bodies = badBodies({ bio: "Fuzzed bio." }, profileBad).map((b) => req({ method: "PATCH", url: "/api/v1/users/me", as: "userPool", ...b }));
      const nothing = fc.constantFrom("{}", "  ").map((body) => req({ method: "PATCH", url: "/api/v1/users/me", as: "owner", body, note: "nothing to update" }));
      return mostly([bodies, bodies, bodies, bodies, nothing, junkOnReads("/api/v1/users/me", "owner")], wrongMethods("/api/v1/users/me", ["GET", "PATCH"]));
    },
  },
  "v1/users/me/account": {
    methods: ["PATCH"],
    runs: 40,
    requests: () =>
      mostly(
        [badBodies({ display_name: "Fuzzed Name" }, accountBad).map((b) => req({ method: "PATCH", url: "/api/v1/users/me/account", as: "userPool", ...b }))],
        wrongMethods("/api/v1/users/me/account", ["PATCH"]),
      ),
  },
  "v1/rooms": {
    methods: ["POST"],
    runs: 30,
    requests: () => {
      const bodies = badBodies(roomBody, roomBad).map((b) => req({ method: "POST", url: "/api/v1/rooms", as: "userPool", ...b }));
      return mostly(
        [bodies, bodies, bodies, fc.constant(req({ method: "POST", url: "/api/v1/rooms", as: "anon", body: JSON.stringify({ ...roomBody, slug: "fuzz-anon-room" }), note: "create without a session", expect: "denied" }))],
        wrongMethods("/api/v1/rooms", ["POST"]),
      );
    },
  },
  "v1/rooms/[slug]": {
    methods: ["GET", "PATCH", "DELETE"],
    runs: 40,
    requests: (w) => {
      const url = `/api/v1/rooms/${w.roomSlug}`;
      const bodies = badBodies(roomBody, roomBad).map((b) => req({ method: "PATCH", url, as: "owner", ...b }));
      const strangerWrites = fc
        .constantFrom<Method>("PATCH", "DELETE")
        .chain((method) => fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => ({ method, as })))
        .map(({ method, as }) => req({ method, url, as, body: method === "PATCH" ? JSON.stringify({ title: "Taken over" }) : undefined, note: `not the owner: ${method}`, expect: "denied" }));
      const badCode = badQuery(["code"]).map((q) => req({ method: "GET", url: `/api/v1/rooms/${w.membersRoomSlug}${q}`, as: "stranger", note: "members-only room with a bad code" }));
      return mostly(
        [bodies, bodies, badIds("/api/v1/rooms/{id}", ["GET", "PATCH", "DELETE"], "owner", () => JSON.stringify({ title: "Renamed" })), strangerWrites, badCode],
        wrongMethods(url, ["GET", "PATCH", "DELETE"]),
      );
    },
  },
  "v1/rooms/[slug]/invite": {
    methods: ["POST"],
    runs: 15,
    requests: (w) => {
      const url = `/api/v1/rooms/${w.roomSlug}/invite`;
      const strangers = fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "POST", url, as, note: "not the owner", expect: "denied" }));
      return mostly([strangers, badIds("/api/v1/rooms/{id}/invite", ["POST"], "owner")], wrongMethods(url, ["POST"]));
    },
  },
  "v1/rooms/[slug]/live": {
    methods: ["POST"],
    runs: 25,
    requests: (w) => {
      const url = `/api/v1/rooms/${w.roomSlug}/live`;
      const valid = { video_url: "https://www.youtube.com/watch?v=fuzzroom001", video_title: "Room night" };
      // Spread over the users: the route allows each 10 starts a minute, and a bad body counts.
      const bodies = badBodies(partyBody, partyBad).map((b) => req({ method: "POST", url, as: "userPool", ...b }));
      const notStaff = fc.constantFrom<Caller>("stranger", "collaborator", "anon").map((as) => req({ method: "POST", url, as, body: JSON.stringify(valid), note: "not the owner or a co-host", expect: "denied" }));
      return mostly([bodies, bodies, notStaff, badIds("/api/v1/rooms/{id}/live", ["POST"], "owner", () => JSON.stringify(valid))], wrongMethods(url, ["POST"]));
    },
  },
  "v1/rooms/[slug]/members": {
    methods: ["GET", "POST"],
    runs: 30,
    requests: (w) => {
      const url = `/api/v1/rooms/${w.membersRoomSlug}/members`;
      // A stranger's join of the members-only room: refused whatever the body, as the code is never the room's.
      const bodies = badBodies({ invite_code: "not-the-code" }, { invite_code: fc.oneof(badText(64), notAString, fc.constant("")) }).map((b) => req({ method: "POST", url, as: "stranger", ...b }));
      const refused = fc.constantFrom(
        req({ method: "POST", url, as: "stranger", body: "{}", note: "join a members-only room without a code" }),
        req({ method: "POST", url, as: "stranger", body: JSON.stringify({ invite_code: "not-the-code" }), note: "join with a wrong code" }),
        req({ method: "POST", url, as: "anon", body: "{}", note: "join without a session", expect: "denied" }),
        req({ method: "GET", url, as: "stranger", note: "members list by a stranger", expect: "denied" }),
        req({ method: "GET", url, as: "anon", note: "members list without a session", expect: "denied" }),
      );
      return mostly([bodies, bodies, refused, badIds("/api/v1/rooms/{id}/members", ["GET", "POST"], "stranger", () => "{}")], wrongMethods(url, ["GET", "POST"]));
    },
  },
  "v1/rooms/[slug]/members/[userId]": {
    methods: ["PUT", "DELETE"],
    runs: 30,
    requests: (w) => {
      const member = `/api/v1/rooms/${w.roomSlug}/members/${w.users[2]!.id}`;
      const bodies = badBodies({ role: "moderator" }, { role: fc.oneof(notOneOf(["owner", "cohost", "moderator", "member"]), notAString, fc.constant(null)) }).map((b) =>
        req({ method: "PUT", url: member, as: "owner", ...b }),
      );
      const notOwner = fc.constantFrom(
        req({ method: "PUT", url: member, as: "stranger", body: JSON.stringify({ role: "cohost" }), note: "a stranger gives a role", expect: "denied" }),
        req({ method: "PUT", url: member, as: "collaborator", body: JSON.stringify({ role: "cohost" }), note: "a member promotes themselves", expect: "denied" }),
        req({ method: "DELETE", url: member, as: "stranger", note: "a stranger removes a member", expect: "denied" }),
        req({ method: "PUT", url: member, as: "anon", body: JSON.stringify({ role: "cohost" }), note: "no session", expect: "denied" }),
        req({ method: "DELETE", url: `/api/v1/rooms/${w.roomSlug}/members/${w.users[0]!.id}`, as: "owner", note: "the owner leaves without handing over" }),
      );
      return mostly(
        [bodies, bodies, notOwner, badIds(`/api/v1/rooms/${w.roomSlug}/members/{id}`, ["PUT", "DELETE"], "owner", () => JSON.stringify({ role: "member" }))],
        wrongMethods(member, ["PUT", "DELETE"]),
      );
    },
  },
  "v1/users/me/rooms": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/users/me/rooms", "owner"), fc.constant(req({ method: "GET", url: "/api/v1/users/me/rooms", as: "anon", note: "no session", expect: "denied" }))], wrongMethods("/api/v1/users/me/rooms", ["GET"])),
  },
  "v1/users/me/current-party": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/users/me/current-party", "guest")], wrongMethods("/api/v1/users/me/current-party", ["GET"])),
  },
  "v1/users/me/leave-party": {
    methods: ["DELETE"],
    runs: 10,
    requests: () =>
      mostly(
        [
          // Callers in no party: 404 whatever the query or body says.
          fc
            .tuple(badQuery(["party", "id"]), fc.jsonValue({ maxDepth: 1 }))
            .map(([q, v]) => req({ method: "DELETE", url: `/api/v1/users/me/leave-party${q}`, as: "guest", body: JSON.stringify(v), note: "leave no party" })),
          fc.constant(req({ method: "DELETE", url: "/api/v1/users/me/leave-party", as: "anon", note: "leave without an identity" })),
        ],
        wrongMethods("/api/v1/users/me/leave-party", ["DELETE"]),
      ),
  },
  "v1/users/me/twitch": {
    methods: ["GET"],
    runs: 10,
    requests: () => mostly([junkOnReads("/api/v1/users/me/twitch", "owner")], wrongMethods("/api/v1/users/me/twitch", ["GET"])),
  },
};

// --- the route files ---------------------------------------------------------------------------------

function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), rel);
    return entry.name === "route.ts" ? [prefix] : [];
  });
}

/** Methods a route file exports by name (`export const GET = ...`); its 405 answers come destructured from otherMethods(). */
function servedMethods(route: string): Method[] {
  const source = readFileSync(path.join(API_DIR, route, "route.ts"), "utf8");
  return METHODS.filter((m) => new RegExp(`^export const ${m}\\b`, "m").test(source));
}

// --- running requests -----------------------------------------------------------------------------

let app: RunningApp;
let pg: TestDatabase;
let world: World;
let hostStream: SseClient;
let requestCount = 0;
/** Answers by status, printed after the sweep (shows the inputs reached validation, not just a 401). */
const statusCounts: Record<number, number> = {};
const poolCursor: Record<string, number> = {};

function nextOf<T>(name: string, list: T[]): T {
  poolCursor[name] = ((poolCursor[name] ?? -1) + 1) % list.length;
  return list[poolCursor[name]]!;
}

function tokenFor(as: Caller): string | null {
  switch (as) {
    case "anon":
      return null;
    case "owner":
      return world.users[0]!.token;
    case "stranger":
      return world.users[1]!.token;
    case "collaborator":
      return world.users[2]!.token;
    case "editor":
      return world.users[3]!.token;
    case "host":
      return world.guests[0]!;
    case "guest":
      return nextOf("guest", world.guests.slice(1));
    case "userPool":
      return nextOf("users", world.users).token;
    case "anyPool":
      return nextOf("any", [...world.users.map((u) => u.token), ...world.guests]);
  }
}

/** A distinct client address per request (the app trusts X-Forwarded-For here), so per-address limits never pool. */
function fakeAddress(): string {
  const n = requestCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

async function send(r: BadRequest): Promise<Outcome> {
  requestCount += 1;
  const headers: Record<string, string> = { Origin: app.baseUrl, "X-Forwarded-For": fakeAddress() };
  const token = tokenFor(r.as);
  if (r.authorization) headers.Authorization = r.authorization;
  else if (token) headers.Authorization = `Bearer ${token}`;
  if (r.body !== undefined) {
    const type = r.contentType === undefined ? "application/json" : r.contentType;
    if (type !== null) headers["Content-Type"] = type;
  }
  const controller = new AbortController();
  const res = await fetch(`${app.baseUrl}${r.url}`, { method: r.method, headers, body: r.body, redirect: "manual", signal: controller.signal });
  const contentType = res.headers.get("content-type") ?? "";
  // An event stream that opened (a junk query on a stream route) is not read to its end.
  if (contentType.includes("text/event-stream")) {
    controller.abort();
    return { status: res.status, contentType, text: "" };
  }
  return { status: res.status, contentType, text: await res.text() };
}

function problem(r: BadRequest, o: Outcome): string | null {
  if (o.status >= 500) return `answered ${o.status}`;
  if (o.status === 429) return "hit a rate limit (the sweep must stay inside them)";
  if (r.expect !== "any" && o.status < 400) return `accepted bad input with ${o.status}`;
  if (r.expect === "denied") {
    const allowed = r.as === "anon" && !r.authorization ? [401] : [403, 404];
    if (!allowed.includes(o.status)) return `answered ${o.status} to the wrong caller (want ${allowed.join(" or ")})`;
  }
  if (o.status >= 400) {
    if (!o.contentType.includes("application/json")) return `${o.status} without a JSON body (${o.contentType})`;
    let body: unknown;
    try {
      body = JSON.parse(o.text);
    } catch {
      return `${o.status} with a body that is not JSON`;
    }
    const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
    if (typeof detail !== "string" || detail === "") return `${o.status} without a detail: ${o.text.slice(0, 200)}`;
    if (typeof code !== "string" || code === "") return `${o.status} without a code: ${o.text.slice(0, 200)}`;
    // One shared list of codes, each answered with its own status: what clients branch on.
    if (!errorCodeSchema.safeParse(code).success) return `${o.status} with a code not in lib/schemas/error-code.ts: ${o.text.slice(0, 200)}`;
    if (ERROR_STATUS[code as ErrorCode] !== o.status) return `${o.status} with the code of a ${ERROR_STATUS[code as ErrorCode]}: ${o.text.slice(0, 200)}`;
  }
  return null;
}

function show(r: BadRequest): string {
  const body = r.body === undefined ? "" : ` body=${JSON.stringify(r.body.length > 300 ? `${r.body.slice(0, 300)}… (${r.body.length} chars)` : r.body)}`;
  const type = r.body === undefined ? "" : ` content-type=${JSON.stringify(r.contentType === undefined ? "application/json" : r.contentType)}`;
  return `${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}…` : r.url} as ${r.as} (${r.note})${type}${body}`;
}

/** Every row of every table, sorted, so any write by the sweep shows as a difference. */
async function snapshotDatabase(): Promise<Record<string, string[]>> {
  const tables = await pg.query<{ table_schema: string; table_name: string }>(
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const snapshot: Record<string, string[]> = {};
  for (const { table_schema, table_name } of tables) {
    const rows = await pg.query<{ row: unknown }>(`select row_to_json(t) as row from "${table_schema}"."${table_name}" t`);
    snapshot[`${table_schema}.${table_name}`] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return snapshot;
}

/** What a client reads back about every resource the sweep aimed at. */
async function readBack(): Promise<unknown> {
  const get = async (url: string, token: string | null) => {
    const res = await fetch(`${app.baseUrl}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const owner = world.users[0]!.token;
  return {
    users: await Promise.all(world.users.map((u) => get("/api/v1/users/me", u.token))),
    scheduled: await get(`/api/v1/scheduled-parties/${world.scheduledId}`, owner),
    privateScheduled: await get(`/api/v1/scheduled-parties/${world.privateScheduledId}`, owner),
    mine: await get("/api/v1/scheduled-parties/me", owner),
    list: await get("/api/v1/scheduled-parties", null),
    party: await get(`/api/v1/parties/${world.partyId}`, world.guests[0]!),
    active: await get("/api/v1/parties/active", null),
    currentParties: await Promise.all(world.guests.map((g) => get("/api/v1/users/me/current-party", g))),
    playlists: await Promise.all([null, ...world.users.slice(0, 4).map((u) => u.token)].map((t) => get(`/api/v1/playlists/${world.playlistId}`, t))),
    otherPlaylist: await get(`/api/v1/playlists/${world.otherPlaylistId}`, world.users[1]!.token),
    twitch: await get(`/api/v1/playlists/${world.playlistId}/twitch`, owner),
    myPlaylists: await Promise.all(world.users.map((u) => get("/api/v1/playlists/me", u.token))),
    playlistList: await get("/api/v1/playlists", null),
    recording: await get(`/api/v1/recordings/${world.recordingId}`, owner),
    recordings: await get("/api/v1/recordings", owner),
  };
}

beforeAll(async () => {
  pg = await createTestDatabase("vp_fuzz");
  // Trusting X-Forwarded-For lets each request come from its own address (per-address limits), and a
  // long host grace keeps the party's state from moving while the sweep runs. Diagnostics are on so
  // their query parsing is swept too (off, the route answers 404 to everything).
  app = await startApp({ env: { DATABASE_URL: pg.url, VP_TRUST_PROXY: "1", VP_HOST_GRACE_MS: "600000", VP_DIAGNOSTICS: "1", VP_METRICS_TOKEN: "fuzz-metrics-token-5b1f0c9e" } });

  const users: World["users"] = [];
  for (let i = 0; i < 5; i += 1) {
    const client = new Client(app.baseUrl);
    const username = uniqueName(`fuzz${i}`);
    const res = await client.signUp(username);
    expect(res.status).toBe(200);
    const token = res.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const me = (await (await client.get("/api/v1/users/me")).json()) as { id: string };
    users.push({ token: token!, id: me.id, username });
  }
  const guests: string[] = [];
  for (let i = 0; i < 5; i += 1) guests.push(await guestToken(app.baseUrl, `Fuzz Guest ${i}`));

  const call = async <T = { id: string }>(as: number, method: Method, url: string, body: unknown, status: number) => {
    const res = await fetch(`${app.baseUrl}${url}`, {
      method,
      headers: { Authorization: `Bearer ${users[as]!.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect({ url, status: res.status }).toEqual({ url, status });
    return (await res.json()) as T;
  };
  const post = <T = { id: string }>(url: string, body: unknown, as = 0) => call<T>(as, "POST", url, body, 201);
  const scheduled = await post("/api/v1/scheduled-parties", scheduledBody);
  const privateScheduled = await post("/api/v1/scheduled-parties", { ...scheduledBody, title: "Invite only", privacy: "private" });

  // The playlist with every role: its owner, a collaborator (share code) and an editor (admin key),
  // videos by the owner and by the collaborator, and Twitch settings with a stored token.
  const list = await post<{ id: string; share_code: string; admin_key: string }>("/api/v1/playlists", { title: "Fuzz mix" });
  const links = `/api/v1/playlists/${list.id}/links`;
  const first = await post(links, { url: "https://www.youtube.com/watch?v=fuzzfirst01", title: "First" });
  const second = await post(links, { url: "https://www.youtube.com/watch?v=fuzzsecond2" });
  await call(2, "POST", "/api/v1/playlists/join", { code: list.share_code }, 200);
  await call(3, "POST", "/api/v1/playlists/join", { code: list.admin_key }, 200);
  const byCollaborator = await post(links, { url: "https://www.tiktok.com/@fuzz/video/7316829214585637152", title: "Collab" }, 2);
  await call(0, "PUT", `/api/v1/playlists/${list.id}/twitch`, twitchBody, 200);
  const other = await post("/api/v1/playlists", { title: "Someone else's mix" }, 1);
  const otherLink = await post(`/api/v1/playlists/${other.id}/links`, { url: "https://youtu.be/fuzzother33" }, 1);

  // A recording of users[0]'s YouTube party (the party is ended again: nothing moves during the sweep).
  const recorded = await createParty(app.baseUrl, users[0]!.token, { video_url: "https://www.youtube.com/watch?v=fuzzrecord1", video_title: "Recorded" });
  const recordingCommand = (type: string) => call<{ recordingId: string }>(0, "POST", `/api/v1/parties/${recorded.id}/commands`, { v: 1, type }, 200);
  const { recordingId } = await recordingCommand("recording.start");
  await recordingCommand("recording.stop");
  await call(0, "PATCH", `/api/v1/recordings/${recordingId}`, { privacy: "unlisted" }, 200);
  expect((await fetch(`${app.baseUrl}/api/v1/parties/${recorded.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${users[0]!.token}` } })).status).toBe(204);

  // users[0]'s rooms: a public one users[2] joined, and a members-only one.
  const room = await post<{ slug: string }>("/api/v1/rooms", { ...roomBody, slug: uniqueName("fuzz-room").toLowerCase().replace(/[^a-z0-9]+/g, "-") });
  await call(2, "POST", `/api/v1/rooms/${room.slug}/members`, {}, 200);
  const membersRoom = await post<{ slug: string }>("/api/v1/rooms", { ...roomBody, privacy: "members", slug: uniqueName("fuzz-club").toLowerCase().replace(/[^a-z0-9]+/g, "-") });

  const party = await createParty(app.baseUrl, guests[0]!);
  world = {
    users,
    guests,
    partyId: party.id,
    scheduledId: scheduled.id,
    privateScheduledId: privateScheduled.id,
    playlistId: list.id,
    shareCode: list.share_code,
    adminKey: list.admin_key,
    ownerLinkIds: [first.id, second.id],
    collaboratorLinkId: byCollaborator.id,
    otherPlaylistId: other.id,
    otherLinkId: otherLink.id,
    recordingId,
    roomSlug: room.slug,
    membersRoomSlug: membersRoom.slug,
  };
  // The host watches its own party's stream: any event during the sweep would be a change.
  hostStream = await SseClient.open(`${app.baseUrl}/api/v1/parties/${party.id}/events`, { Authorization: `Bearer ${guests[0]!}` });
  await hostStream.waitFor((data) => (data as { type?: string }).type === "snapshot");
});

afterAll(async () => {
  hostStream?.close();
  await app?.stop();
  await pg?.drop();
});

test("every route file under app/api has a fuzz spec with the methods it serves", () => {
  const routes = routeFiles(API_DIR).filter((r) => r !== "auth/[...all]");
  expect(routes.length).toBeGreaterThan(20);
  expect(routes.filter((r) => !SPECS[r]).map((r) => `app/api/${r}/route.ts has no fuzz spec`)).toEqual([]);
  expect(Object.keys(SPECS).filter((r) => !routes.includes(r)).map((r) => `spec for missing route app/api/${r}`)).toEqual([]);
  for (const route of routes) expect({ route, methods: servedMethods(route) }).toEqual({ route, methods: SPECS[route]!.methods });
});

test("every unserved method answers 405 {detail, code} with an Allow header naming the served ones", async () => {
  const failures: string[] = [];
  for (const [route, spec] of Object.entries(SPECS)) {
    if (route === "[...rest]") continue;
    const url = `/api/${route.replace(/\[[^\]]+\]/g, "some-id")}`;
    const allow = [...spec.methods, ...(spec.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
    for (const method of METHODS.filter((m) => !spec.methods.includes(m))) {
      const res = await fetch(`${app.baseUrl}${url}`, { method, headers: { "X-Forwarded-For": "10.255.0.1" } });
      const body = (await res.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
      if (res.status !== 405 || typeof body?.detail !== "string" || body.code !== "method_not_allowed" || res.headers.get("allow") !== allow) {
        failures.push(`${method} ${url}: ${res.status} allow=${res.headers.get("allow")} ${JSON.stringify(body)}`);
      }
    }
    const options = await fetch(`${app.baseUrl}${url}`, { method: "OPTIONS" });
    if (options.status !== 204 || options.headers.get("allow") !== allow) failures.push(`OPTIONS ${url}: ${options.status} allow=${options.headers.get("allow")}, want ${allow}`);
  }
  expect(failures).toEqual([]);
});

test(`at least ${MIN_REQUESTS} generated bad requests: no 5xx, every 4xx has {detail, code}, nothing changes`, async () => {
  console.log(`api-fuzz seed ${SEED} (rerun with VP_FUZZ_SEED=${SEED})`);
  const dbBefore = await snapshotDatabase();
  // The comparison below only means something for tables that hold the world's rows: the playlist's
  // members, videos (with their positions) and Twitch settings included.
  const watched = ["playlist", "playlist_link", "playlist_member", "playlist_twitch", "scheduled_party", "live_party", "party_recording"];
  expect(watched.filter((table) => !dbBefore[`public.${table}`]?.length).map((table) => `table ${table} holds no rows`)).toEqual([]);
  const readBefore = await readBack();
  const eventsBefore = hostStream.events.length;
  const started = requestCount;

  // Each route runs to its first failure; the others still run, so one report shows every broken route.
  const failures: string[] = [];
  for (const [route, spec] of Object.entries(SPECS)) {
    await fc
      .assert(
        fc.asyncProperty(spec.requests(world), async (r) => {
          const outcome = await send(r);
          statusCounts[outcome.status] = (statusCounts[outcome.status] ?? 0) + 1;
          const wrong = problem(r, outcome);
          if (wrong) throw new Error(`${show(r)}\n  → ${wrong}\n  response: ${outcome.status} ${outcome.text.slice(0, 300)}`);
        }),
        {
          seed: SEED,
          numRuns: spec.runs,
          // No shrinking: every request acts on the live server (and counts against its limits).
          endOnFailure: true,
          // The request is in the error; fast-check's own report would print bodies of 300 KB.
          reporter: (details) => {
            if (details.failed) throw new Error(`api-fuzz ${route} failed (seed ${SEED}):\n${String(details.errorInstance)}`);
          },
        },
      )
      .catch((error: unknown) => failures.push(error instanceof Error ? error.message : String(error)));
  }
  const sent = requestCount - started;
  console.log(`api-fuzz sent ${sent} requests; answers by status: ${JSON.stringify(statusCounts)}`);
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(await snapshotDatabase()).toEqual(dbBefore);
  expect(await readBack()).toEqual(readBefore);
  expect(hostStream.events.slice(eventsBefore)).toEqual([]);
});

test("Better Auth sign-up and sign-in never answer 5xx to bad input", async () => {
  const credentials = fc.record(
    {
      email: fc.oneof(withNul, withLoneSurrogate, fc.emailAddress(), notAString, tooLong(300)),
      password: fc.oneof(withNul, withLoneSurrogate, fc.string({ maxLength: 20 }), notAString, tooLong(300)),
      name: fc.oneof(withNul, withControl, withLoneSurrogate, tooLong(300), notAString),
      username: fc.oneof(withNul, withLoneSurrogate, fc.string({ maxLength: 20 }), notAString, tooLong(300)),
    },
    { requiredKeys: [] },
  );
  const arb = fc.tuple(fc.constantFrom("/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/sign-in/username"), fc.oneof(credentials.map((c) => toJsonText(c)), malformed('{"email":"a@b.c","password":"x"}')));
  await fc.assert(
    fc.asyncProperty(arb, async ([url, body]) => {
      requestCount += 1;
      const res = await fetch(`${app.baseUrl}${url}`, {
        method: "POST",
        headers: { Origin: app.baseUrl, "Content-Type": "application/json", "X-Forwarded-For": fakeAddress() },
        body,
      });
      if (res.status >= 500) throw new Error(`POST ${url} body=${JSON.stringify(body.slice(0, 300))} → ${res.status} ${(await res.text()).slice(0, 300)}`);
    }),
    { seed: SEED, numRuns: 60, endOnFailure: true },
  );
});

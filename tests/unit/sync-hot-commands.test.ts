/**
 * The hand-written check of the hot commands (lib/sync/hot-commands.ts) against the protocol's
 * schemas, on commands as clients send them and on generated inputs (a seeded generator, so a
 * failure names an input that fails again): whatever it accepts, the schemas accept with the same
 * value; whatever the schemas accept of its kinds, it accepts too (else the hot path would be cold).
 */
import { clientCommandSchema, MAX_POSITION, MAX_RATE, MIN_RATE, PROTOCOL_VERSION, type ClientCommand } from "@/lib/sync";
import { parseHotCommand } from "@/lib/sync/hot-commands";

const v = PROTOCOL_VERSION;
const HOT_TYPES = ["ping", "play", "pause", "seek", "rate", "horizon"];

/** mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  0.5,
  1,
  1.5,
  12.25,
  MIN_RATE,
  MIN_RATE / 2,
  MAX_RATE,
  MAX_RATE + 0.001,
  MAX_POSITION,
  MAX_POSITION + 1,
  1_760_000_000_000,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  "1",
  "",
  {},
  [],
  [1],
];
const KEYS = ["position", "at", "cid", "horizon", "stall", "seeking", "rate", "t0", "extra", "url", "on"];
const TYPES = [...HOT_TYPES, "media", "chat", "ad", "draw.clear", "queue.next", "kick", "", 1, undefined];

function generated(random: () => number): unknown {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const input: Record<string, unknown> = {};
  const version = random();
  if (version < 0.85) input.v = v;
  else if (version < 0.95) input.v = pick([2, "1", null, 1.5]);
  const type = pick(TYPES);
  if (type !== undefined || random() < 0.5) input.type = type;
  for (const key of KEYS) if (random() < 0.45) input[key] = pick(VALUES);
  const shape = random();
  if (shape < 0.03) return Object.assign(Object.create(null), input);
  if (shape < 0.05) return Object.assign(Object.create({ position: 3 }), input);
  if (shape < 0.06) return [input];
  return input;
}

/** Keys present with the value undefined (the schemas keep them; the hot check hands such input over). */
const hasUndefinedField = (input: object) => Object.entries(input).some(([, value]) => value === undefined);

function compare(input: unknown): "hot" | "schemas" {
  const hot = parseHotCommand(input);
  const schema = clientCommandSchema.safeParse(input);
  if (hot !== undefined) {
    expect(schema.success).toBe(true);
    expect(hot).toStrictEqual(schema.data);
    return "hot";
  }
  const plain = typeof input === "object" && input !== null && Object.getPrototypeOf(input) === Object.prototype;
  if (schema.success && plain && HOT_TYPES.includes(schema.data.type) && !hasUndefinedField(input)) {
    throw new Error(`the schemas accept ${JSON.stringify(input)} but the hot check does not`);
  }
  return "schemas";
}

describe("parseHotCommand", () => {
  const sent: ClientCommand[] = [
    { v, type: "play" },
    { v, type: "play", position: 10.25, at: 1_760_000_000_000, cid: 1, horizon: 40 },
    { v, type: "pause", position: 11, at: 1_760_000_000_000, cid: 2 },
    { v, type: "pause", position: 11, at: 1_760_000_000_000, cid: 2, stall: true, seeking: true },
    { v, type: "seek", position: 600, at: 1_760_000_000_000, cid: 3 },
    { v, type: "rate", rate: 1.5, position: 3, cid: 4 },
    { v, type: "horizon", horizon: 640.25, at: 1_760_000_000_000, cid: 5 },
    { v, type: "horizon", horizon: null },
    { v, type: "ping", t0: 98765.4321 },
  ];

  it.each(sent.map((command) => [command.type, command] as const))("takes a %s command as a client sends it, with the schemas' value", (_type, command) => {
    expect(compare(JSON.parse(JSON.stringify(command)))).toBe("hot");
    expect(parseHotCommand(JSON.parse(JSON.stringify(command)))).toStrictEqual(command);
  });

  it("drops unknown fields as the schemas do", () => {
    expect(parseHotCommand({ v, type: "seek", position: 5, isHost: true, __proto__x: 1 })).toStrictEqual({ v, type: "seek", position: 5 });
  });

  it("hands over every other command, another version and anything out of bounds", () => {
    for (const input of [
      { v, type: "chat", text: "hi" },
      { v, type: "media", url: "https://example.com/v", title: "V" },
      { v: 2, type: "play" },
      { type: "play" },
      { v, type: "seek" },
      { v, type: "seek", position: -1 },
      { v, type: "rate", rate: 17 },
      { v, type: "play", cid: 1.5 },
      { v, type: "pause", stall: false },
      { v, type: "horizon" },
      { v, type: "ping", t0: "0" },
      [{ v, type: "play" }],
      null,
      "play",
    ]) {
      expect(parseHotCommand(input)).toBeUndefined();
    }
  });

  it("agrees with the schemas on 20 000 generated inputs", () => {
    const random = generator(0x5eed);
    const counts = { hot: 0, schemas: 0 };
    for (let i = 0; i < 20_000; i += 1) counts[compare(generated(random))] += 1;
    // Both ways are taken often enough for the comparison to mean something.
    expect(counts.hot).toBeGreaterThan(200);
    expect(counts.schemas).toBeGreaterThan(2_000);
  });
});

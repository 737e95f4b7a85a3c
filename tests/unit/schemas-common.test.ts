/**
 * The shared input building blocks: text that PostgreSQL can store and others can read, and
 * timestamps that survive the trip through the database.
 */
import { z } from "zod";
import { boundedDateTime, idParamSchema, safeText } from "@/lib/schemas/common";

const message = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues[0]?.message;

describe("safeText", () => {
  const title = safeText("Title").trim().max(10);

  test.each(["\u0000", "a\u0000b", "\u0001", "\u0007", "\u001B", "\u007F", "\u0085", "\u009F", "\u000B", "\u000C"])(
    "refuses the control character in %j",
    (value) => {
      expect(message(title.safeParse(value))).toBe("Title must not contain control characters such as U+0000 (NUL).");
    },
  );

  test.each(["\uD800", "a\uDBFFb", "\uDC00", "x\uDFFF"])("refuses the unpaired surrogate in %j", (value) => {
    expect(message(title.safeParse(value))).toBe("Title must be valid Unicode text (it contains an unpaired surrogate character).");
  });

  test("accepts tabs, line breaks, emoji (paired surrogates), accents and right-to-left text", () => {
    for (const value of ["a\tb", "a\nb\r\n", "🎬🍿", "Amélie", "שלום", "e\u0301"]) expect(title.safeParse(value).success).toBe(true);
  });

  test("keeps the chained rules", () => {
    expect(title.parse("  Heat  ")).toBe("Heat");
    expect(title.safeParse("x".repeat(11)).success).toBe(false);
  });
});

describe("boundedDateTime", () => {
  const dateTime = boundedDateTime({ error: "Date and time are required (ISO timestamp)." });

  test.each(["0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "0099-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "2201-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])(
    "refuses %s",
    (value) => {
      expect(message(dateTime.safeParse(value))).toBe("Date and time must be between 1970 and 2200.");
    },
  );

  test("judges the instant, not the digits", () => {
    expect(dateTime.safeParse("1970-01-01T00:30:00+01:00").success).toBe(false);
    expect(dateTime.safeParse("2200-12-31T23:30:00-00:30").success).toBe(false);
    expect(dateTime.safeParse("1970-01-01T00:00:00Z").success).toBe(true);
    expect(dateTime.safeParse("2200-12-31T23:59:59.999Z").success).toBe(true);
  });

  test("still needs an ISO timestamp with an offset", () => {
    for (const value of ["2031-05-01T19:00:00", "2031-02-30T19:00:00Z", "tomorrow", 1_900_000_000_000]) {
      expect(message(dateTime.safeParse(value))).toBe("Date and time are required (ISO timestamp).");
    }
  });
});

test("path ids: 1–64 characters of text", () => {
  expect(idParamSchema.safeParse({ id: "abc" }).success).toBe(true);
  expect(message(idParamSchema.safeParse({ id: "\u0000" }))).toMatch(/^ID must not contain control characters/);
  expect(message(idParamSchema.safeParse({ id: "x".repeat(65) }))).toBe("ID must be at most 64 characters.");
  expect(message(idParamSchema.safeParse({ id: "" }))).toBe("ID is required.");
});

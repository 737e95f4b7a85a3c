/**
 * A zod failure as a form shows it: the first message of each field (keyed by the field's name in
 * the schema) and every distinct message once, so a form flags all its fields together instead of
 * stopping at the first problem.
 */
import type { z } from "zod";

export interface FormErrors<K extends string> {
  /** The first problem of each field that has one. */
  fields: Partial<Record<K, string>>;
  /** Every distinct message, in the schema's order (field problems and whole-form ones alike). */
  messages: string[];
}

export function formErrorsOf<K extends string>(error: z.ZodError, fields: readonly K[]): FormErrors<K> {
  const byField: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (fields as readonly string[]).includes(key) && byField[key as K] === undefined) byField[key as K] = issue.message;
  }
  return { fields: byField, messages: [...new Set(error.issues.map((issue) => issue.message))] };
}

/** `value` checked with `schema`: null when it passes, else its problems by field (see formErrorsOf). */
export function problemsOf<K extends string>(schema: z.ZodType, value: unknown, fields: readonly K[]): FormErrors<K> | null {
  const checked = schema.safeParse(value);
  return checked.success ? null : formErrorsOf(checked.error, fields);
}

"use client";
/**
 * The submit of a playlist screen's form as a React action: read the fields from the form, check
 * them (a refusal names every field at fault), send, and answer with a StatusMessage outcome. The
 * values sent come back with the state because React resets a form after its action: the form shows
 * them again as its defaults (after a success, the values the server kept).
 */
import { useActionState } from "react";
import { errorText } from "./playlist-api";
import type { Outcome } from "./status-message";

export interface OutcomeState<V, K extends string> {
  values: V;
  outcome: Outcome;
  /** The fields at fault, each with its first problem (the form marks them invalid). */
  fieldErrors: Partial<Record<K, string>>;
}

/** What `check` found: the outcome to show, and the fields it is about. */
export interface Refusal<K extends string> {
  outcome: Outcome;
  fieldErrors?: Partial<Record<K, string>>;
}

interface Options<V, K extends string> {
  initial: V;
  /** The values sent, from the form (and, for what the form does not hold, the last values). */
  read: (form: FormData, last: V) => V;
  /** A reason not to send (shown as is), or null to send. */
  check?: (values: V) => Refusal<K> | null;
  /** Sends the values; resolves to the success text and, when the server changed them, the values to show. */
  send: (values: V) => Promise<{ text: string; values?: V }>;
  /** The failure's headline; the API's reason follows it. */
  failure: string;
}

export function useOutcomeAction<V, K extends string = never>({ initial, read, check, send, failure }: Options<V, K>) {
  const [state, action, pending] = useActionState(
    async (previous: OutcomeState<V, K>, form: FormData): Promise<OutcomeState<V, K>> => {
      const values = read(form, previous.values);
      const refused = check?.(values);
      if (refused) return { values, outcome: refused.outcome, fieldErrors: refused.fieldErrors ?? {} };
      try {
        const sent = await send(values);
        return { values: sent.values ?? values, outcome: { kind: "success", text: sent.text }, fieldErrors: {} };
      } catch (error) {
        return { values, outcome: { kind: "error", text: failure, detail: errorText(error, "") }, fieldErrors: {} };
      }
    },
    { values: initial, outcome: null, fieldErrors: {} },
  );
  // A new attempt hides the last one's answer until its own arrives.
  return { state, action, pending, outcome: pending ? null : state.outcome };
}

/** A schema's problems as a refusal under `text`: every message in the detail, each field marked. */
export function refusalOf<K extends string>(text: string, problems: { fields: Partial<Record<K, string>>; messages: string[] }): Refusal<K> {
  return { outcome: { kind: "error", text, detail: problems.messages.join(" ") }, fieldErrors: problems.fields };
}

/** One field at fault, `text` saying why. */
export function fieldRefusal<K extends string>(field: K, text: string): Refusal<K> {
  return { outcome: { kind: "error", text }, fieldErrors: { [field]: text } as Partial<Record<K, string>> };
}

"use client";
/**
 * The save of an inline editor's form (view ↔ edit; cancel unmounts the form, which drops its
 * draft and errors): a React action that reads the draft from the form, checks it (every field's
 * problem kept, by field), then saves it. A failure shows this editor's text followed by the reason
 * and keeps what was typed; a save that worked says so in a toast and closes the editor.
 */
import { useActionState } from "react";
import { failureText } from "@/components/parties/failure-text";
import { useToast } from "@/components/ui/toast";
import type { FormErrors } from "@/lib/forms/form-errors";

export interface EditorState<T, K extends string> {
  /** The draft as last sent (null before the first attempt): the form shows it again. */
  draft: T | null;
  error: string | null;
  fieldErrors: Partial<Record<K, string>>;
}

interface Options<T, K extends string> {
  read: (form: FormData) => T;
  /** The draft's problems, found before anything is sent; null to send it (may load its schema first). */
  check?: (draft: T) => FormErrors<K> | null | Promise<FormErrors<K> | null>;
  persist: (draft: T) => Promise<unknown>;
  /** This editor's failure text, e.g. "Failed to update bio." */
  failure: string;
  /** The toast after a save. */
  saved: string;
  /** Closes the editor after a save. */
  onSaved: () => void;
}

export function useEditorAction<T, K extends string = never>({ read, check, persist, failure, saved, onSaved }: Options<T, K>) {
  const toast = useToast();
  const [state, action] = useActionState(
    async (_previous: EditorState<T, K>, form: FormData): Promise<EditorState<T, K>> => {
      const draft = read(form);
      const problems = await check?.(draft);
      if (problems) return { draft, error: failureText(failure, new Error(problems.messages.join(" "))), fieldErrors: problems.fields };
      try {
        await persist(draft);
      } catch (cause) {
        return { draft, error: failureText(failure, cause), fieldErrors: {} };
      }
      toast.success(saved);
      onSaved();
      return { draft, error: null, fieldErrors: {} };
    },
    { draft: null, error: null, fieldErrors: {} },
  );
  return { state, action };
}

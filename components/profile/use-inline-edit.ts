"use client";
/**
 * An inline editor's state (view ↔ edit, cancel restores): the draft (null while viewing),
 * saving, and the failure text shown after the spec's message for this editor; a save that worked
 * says so in a toast.
 */
import { useState, type Dispatch, type SetStateAction } from "react";
import { failureText } from "@/components/parties/failure-text";
import { useToast } from "@/components/ui/toast";

export interface InlineEdit<T> {
  draft: T | null;
  setDraft: Dispatch<SetStateAction<T | null>>;
  saving: boolean;
  error: string | null;
  save: () => Promise<void>;
  cancel: () => void;
}

export function useInlineEdit<T>(persist: (draft: T) => Promise<unknown>, failure: string, saved: string): InlineEdit<T> {
  const toast = useToast();
  const [draft, setDraft] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await persist(draft);
      setDraft(null);
      toast.success(saved);
    } catch (cause) {
      setError(failureText(failure, cause));
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    setDraft(null);
    setError(null);
  }

  return { draft, setDraft, saving, error, save, cancel };
}

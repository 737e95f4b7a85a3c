"use client";
/**
 * The own-profile editors' check of a change, with the account's own schema. The schema (and zod
 * with it) is loaded when an editor opens, not with the page: the profile shows and hydrates without it.
 */
import { useEffect } from "react";
import { problemsOf, type FormErrors } from "@/lib/forms/form-errors";
import type { ProfileUpdate } from "@/lib/schemas/user";

const loadSchema = () => import("@/lib/schemas/user").then((schemas) => schemas.profileUpdateSchema);

/** Starts loading the schema while the editor is open, so a save does not wait for it. */
export function usePreloadedProfileCheck(): void {
  useEffect(() => {
    void loadSchema().catch(() => undefined);
  }, []);
}

/** `changes` checked as PATCH /api/v1/users/me checks them: null when they pass, else their problems by field. */
export async function profileUpdateProblems<K extends string>(changes: ProfileUpdate, fields: readonly K[]): Promise<FormErrors<K> | null> {
  return problemsOf(await loadSchema(), changes, fields);
}

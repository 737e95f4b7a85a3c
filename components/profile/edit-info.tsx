"use client";
/**
 * Edit Info: username, display name and e-mail, each unique (PATCH /api/v1/users/me/account).
 * Only changed fields are sent, checked first with the endpoint's own schema so every field's
 * problem shows under it at once; the server's refusal (a name already taken) shows below.
 */
import { useActionState, useId } from "react";
import { useSWRConfig } from "swr";
import { FieldError, Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { apiFetch } from "@/lib/api/client";
import { OWN_USER_PATH } from "@/lib/api/use-own-user";
import { formErrorsOf } from "@/lib/forms/form-errors";
import type { OwnUser } from "@/lib/schemas/user";
import { profileCardClass } from "./profile-section";

const FIELDS = ["username", "display_name", "email"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

interface State {
  /** What the form held when last sent (the form shows it again). */
  values: Values;
  fieldErrors: Partial<Record<Field, string>>;
  result: { ok: boolean; text: string } | null;
}

export const NOTHING_TO_SAVE = "Nothing to save.";
export const INFO_SAVED = "Saved.";
export const SAVE_FAILED = "Failed to save changes.";

const valuesOf = (form: FormData) => Object.fromEntries(FIELDS.map((key) => [key, String(form.get(key) ?? "")])) as Values;

export function EditInfo({ user }: { user: OwnUser }) {
  const { mutate } = useSWRConfig();
  const id = useId();

  async function save(_previous: State, form: FormData): Promise<State> {
    const values = valuesOf(form);
    const changes = Object.fromEntries(FIELDS.filter((key) => values[key].trim() !== (user[key] ?? "")).map((key) => [key, values[key]]));
    if (Object.keys(changes).length === 0) return { values, fieldErrors: {}, result: { ok: true, text: NOTHING_TO_SAVE } };
    // The schema (and zod) and Better Auth's client load on a save, not with the profile.
    const checked = (await import("@/lib/schemas/auth")).accountInfoUpdateSchema.safeParse(changes);
    if (!checked.success) {
      const { fields, messages } = formErrorsOf(checked.error, FIELDS);
      return { values, fieldErrors: fields, result: { ok: false, text: messages.join(" ") } };
    }
    try {
      const updated = await apiFetch<OwnUser>("/api/v1/users/me/account", { method: "PATCH", json: changes });
      await mutate(OWN_USER_PATH, updated, { revalidate: false });
      void import("@/lib/auth-client").then((auth) => auth.refreshSession()); // the header shows the new name
      return { values, fieldErrors: {}, result: { ok: true, text: INFO_SAVED } };
    } catch (error) {
      return { values, fieldErrors: {}, result: { ok: false, text: error instanceof Error && error.message ? error.message : SAVE_FAILED } };
    }
  }

  const initial: State = { values: { username: user.username ?? "", display_name: user.display_name, email: user.email }, fieldErrors: {}, result: null };
  const [state, action, pending] = useActionState(save, initial);
  const result = pending ? null : state.result;

  const field = (key: Field, label: string, type = "text") => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm text-slate-200">
        {label}
      </label>
      <Input
        id={`${id}-${key}`}
        name={key}
        type={type}
        required
        defaultValue={state.values[key]}
        {...invalidFieldProps(`${id}-${key}-error`, state.fieldErrors[key])}
      />
      <FieldError id={`${id}-${key}-error`} message={state.fieldErrors[key]} />
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={profileCardClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Edit Info
      </h2>
      <form action={action} className="mt-3 grid gap-3 sm:grid-cols-3">
        {field("username", "Username")}
        {field("display_name", "Display name")}
        {field("email", "E-mail", "email")}
        <div className="flex items-center gap-3 sm:col-span-3">
          <SubmitButton pendingLabel="Saving...">
            Save info
          </SubmitButton>
          {result && (
            <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-emerald-300" : "text-red-300"}>
              {result.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

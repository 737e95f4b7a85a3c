"use client";
/**
 * Create a room: its address (`/r/…`; left empty, a user whose username makes one gets theirs),
 * title, privacy and description. Checked with the API's own schema before sending; each field's
 * problem shows under it, and a taken address (or one that reads like a taken one) comes back under
 * the address field in the server's words.
 */
import { useActionState, useId } from "react";
import { FieldError, Input, invalidFieldProps, Select, Textarea } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { labelClass } from "@/components/parties/styles";
import { ApiClientError } from "@/lib/api/client";
import { formErrorsOf } from "@/lib/forms/form-errors";
import { ROOM_DESCRIPTION_MAX_LENGTH, ROOM_SLUG_MAX_LENGTH, ROOM_TITLE_MAX_LENGTH, roomCreateSchema, type Room, type RoomPrivacy } from "@/lib/schemas/room";

interface Values {
  slug: string;
  title: string;
  privacy: RoomPrivacy;
  description: string;
}
const FIELDS = ["slug", "title", "privacy", "description"] as const;
type Field = (typeof FIELDS)[number];

interface State {
  values: Values;
  error: string | null;
  fieldErrors: Partial<Record<Field, string>>;
}

export const PRIVACY_LABELS: Record<RoomPrivacy, string> = {
  public: "Public: anyone can come in",
  unlisted: "Unlisted: people with the address",
  members: "Members only: with an invite link",
};

function readValues(form: FormData): Values {
  const text = (name: Field) => String(form.get(name) ?? "");
  const privacy = text("privacy");
  return { slug: text("slug"), title: text("title"), privacy: privacy === "unlisted" || privacy === "members" ? privacy : "public", description: text("description") };
}

interface Props {
  /** The address a blank field takes (the user's username as an address), if any. */
  defaultSlug: string | null;
  onCreate: (input: { slug?: string; title: string; privacy: RoomPrivacy; description: string }) => Promise<Room>;
  onCancel: () => void;
}

export function RoomForm({ defaultSlug, onCreate, onCancel }: Props) {
  const id = useId();
  const [state, action, saving] = useActionState(
    async (_previous: State, form: FormData): Promise<State> => {
      const values = readValues(form);
      const input = { ...(values.slug.trim() ? { slug: values.slug } : {}), title: values.title, privacy: values.privacy, description: values.description };
      const checked = roomCreateSchema.safeParse(input);
      if (!checked.success) {
        const { fields, messages } = formErrorsOf(checked.error, FIELDS);
        return { values, fieldErrors: fields, error: messages.join(" ") };
      }
      if (!checked.data.slug && !defaultSlug) return { values, fieldErrors: { slug: "Pick an address for the room." }, error: "Pick an address for the room." };
      try {
        await onCreate(input);
        return { values, fieldErrors: {}, error: null };
      } catch (failure) {
        const message = failure instanceof Error ? failure.message : String(failure);
        const onSlug = failure instanceof ApiClientError && failure.code === "room_slug_taken";
        return { values, fieldErrors: onSlug ? { slug: message } : {}, error: message };
      }
    },
    { values: { slug: "", title: "", privacy: "public", description: "" }, fieldErrors: {}, error: null },
  );
  const { values, fieldErrors } = state;
  const error = saving ? null : state.error;
  const invalid = (key: Field, hint?: string) => invalidFieldProps(`${id}-${key}-error`, fieldErrors[key], hint);

  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Create a room">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-slug`} className={labelClass}>
          Address
        </label>
        <div className="flex items-center gap-1">
          <span className="shrink-0 text-slate-300" aria-hidden="true">
            /r/
          </span>
          <Input
            id={`${id}-slug`}
            name="slug"
            {...invalid("slug", `${id}-slug-hint`)}
            maxLength={ROOM_SLUG_MAX_LENGTH}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder={defaultSlug ?? "friday-films"}
            defaultValue={values.slug}
          />
        </div>
        <p id={`${id}-slug-hint`} className="mt-1 text-sm text-slate-300">
          {defaultSlug
            ? `Leave it empty for /r/${defaultSlug}. Lowercase letters, digits and hyphens; it never changes unless you change it.`
            : "Lowercase letters, digits and hyphens; it never changes unless you change it."}
        </p>
        <FieldError id={`${id}-slug-error`} message={fieldErrors.slug} />
      </div>
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title
        </label>
        <Input id={`${id}-title`} name="title" {...invalid("title")} required maxLength={ROOM_TITLE_MAX_LENGTH} defaultValue={values.title} />
        <FieldError id={`${id}-title-error`} message={fieldErrors.title} />
      </div>
      <div>
        <label htmlFor={`${id}-privacy`} className={labelClass}>
          Who can come in
        </label>
        <Select key={values.privacy} id={`${id}-privacy`} name="privacy" inputSize="md" defaultValue={values.privacy}>
          {(Object.keys(PRIVACY_LABELS) as RoomPrivacy[]).map((p) => (
            <option key={p} value={p}>
              {PRIVACY_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description <span className="font-normal text-slate-300">(optional)</span>
        </label>
        <Textarea id={`${id}-description`} name="description" {...invalid("description")} rows={3} maxLength={ROOM_DESCRIPTION_MAX_LENGTH} defaultValue={values.description} />
        <FieldError id={`${id}-description-error`} message={fieldErrors.description} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-300 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Creating..." : "Create room"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

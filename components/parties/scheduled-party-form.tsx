"use client";
/**
 * Create / edit a scheduled party: title required; date and time required, sent as an ISO
 * timestamp; platform one of the fixed list; privacy public (default) or private; description
 * optional with its leading whitespace trimmed. Validated with the API's own schema before sending;
 * every field's problem shows under that field (and all of them in one alert), not just the first.
 * A start time in the past is refused here as on the server (an edit may keep the party's own time).
 */
import { useActionState, useId } from "react";
import { FieldError, Input, invalidFieldProps, Select, Textarea } from "@/components/ui/field";
import { formErrorsOf } from "@/lib/forms/form-errors";
import { SCHEDULED_PARTY_PLATFORMS } from "@/lib/constants";
import {
  SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH,
  SCHEDULED_PARTY_TITLE_MAX_LENGTH,
  PAST_DATE_MESSAGE,
  scheduledPartyInputSchema,
  startsInThePast,
  type ScheduledParty,
  type ScheduledPartyInput,
} from "@/lib/schemas/scheduled-party";
import { labelClass } from "./styles";
import { Button } from "@/components/ui/button";

interface Values {
  title: string;
  dateTime: string;
  platform: string;
  privacy: "public" | "private";
  description: string;
}

/** An ISO instant → the value a datetime-local input shows (the visitor's local time). */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function initialValues(party?: ScheduledParty): Values {
  return party
    ? { title: party.title, dateTime: toLocalInputValue(party.date_time), platform: party.show_movie, privacy: party.privacy, description: party.description ?? "" }
    : { title: "", dateTime: "", platform: "", privacy: "public", description: "" };
}

/** The API's field names → the form's input ids (suffixes), so an error lands under its field. */
const FIELD_IDS = { title: "title", date_time: "when", show_movie: "platform", privacy: "privacy", description: "description" } as const;
type FieldKey = keyof typeof FIELD_IDS;
const FIELD_KEYS = Object.keys(FIELD_IDS) as FieldKey[];

interface State {
  /** What the form held when last sent (the form shows it again after a failure). */
  values: Values;
  error: string | null;
  fieldErrors: Partial<Record<FieldKey, string>>;
}

function readValues(form: FormData): Values {
  const text = (name: keyof Values) => String(form.get(name) ?? "");
  return { title: text("title"), dateTime: text("dateTime"), platform: text("platform"), privacy: text("privacy") === "private" ? "private" : "public", description: text("description") };
}

/** The form's values as the API takes them: the local date and time becomes an ISO instant. */
function inputOf(values: Values) {
  const when = values.dateTime ? new Date(values.dateTime) : null;
  return {
    title: values.title,
    date_time: when && !Number.isNaN(when.getTime()) ? when.toISOString() : "",
    show_movie: values.platform,
    privacy: values.privacy,
    description: values.description,
  };
}

interface Props {
  party?: ScheduledParty;
  submitLabel: string;
  busyLabel: string;
  /** Throws with the text to show when saving fails. */
  onSubmit: (input: ScheduledPartyInput) => Promise<void>;
  onCancel?: () => void;
}

export function ScheduledPartyForm({ party, submitLabel, busyLabel, onSubmit, onCancel }: Props) {
  const id = useId();
  const [state, action, saving] = useActionState(
    async (_previous: State, form: FormData): Promise<State> => {
      const values = readValues(form);
      const input = inputOf(values);
      const checked = scheduledPartyInputSchema.safeParse(input);
      const keptOwnTime = party !== undefined && Date.parse(input.date_time) === Date.parse(party.date_time);
      const past = input.date_time !== "" && !keptOwnTime && startsInThePast(input.date_time);
      if (!checked.success || past) {
        const { fields, messages } = checked.success ? { fields: {}, messages: [] } : formErrorsOf(checked.error, FIELD_KEYS);
        const fieldErrors: State["fieldErrors"] = past && !fields.date_time ? { ...fields, date_time: PAST_DATE_MESSAGE } : fields;
        const all = past && !fields.date_time ? [...messages, PAST_DATE_MESSAGE] : messages;
        return { values, fieldErrors, error: all.join(" ") || "Please check the form." };
      }
      try {
        await onSubmit(input as ScheduledPartyInput);
        return { values, fieldErrors: {}, error: null };
      } catch (failure) {
        return { values, fieldErrors: {}, error: failure instanceof Error ? failure.message : String(failure) };
      }
    },
    { values: initialValues(party), fieldErrors: {}, error: null },
  );
  const { values, fieldErrors } = state;
  const error = saving ? null : state.error;
  const invalid = (key: FieldKey) => invalidFieldProps(`${id}-${FIELD_IDS[key]}-error`, fieldErrors[key]);

  // React resets a form after its action, to each field's default. A select takes its default only
  // when it mounts, so the selects are keyed by the value sent: a failed attempt keeps the choice.
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" noValidate>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title
        </label>
        <Input id={`${id}-title`} name="title" {...invalid("title")} required maxLength={SCHEDULED_PARTY_TITLE_MAX_LENGTH} defaultValue={values.title} />
        <FieldError id={`${id}-title-error`} message={fieldErrors.title} />
      </div>
      <div>
        <label htmlFor={`${id}-when`} className={labelClass}>
          Date and time
        </label>
        <Input id={`${id}-when`} name="dateTime" {...invalid("date_time")} type="datetime-local" required defaultValue={values.dateTime} />
        <FieldError id={`${id}-when-error`} message={fieldErrors.date_time} />
      </div>
      <div>
        <label htmlFor={`${id}-platform`} className={labelClass}>
          Platform
        </label>
        <Select key={values.platform} id={`${id}-platform`} name="platform" {...invalid("show_movie")} inputSize="md" required defaultValue={values.platform}>
          <option value="">Select a platform</option>
          {SCHEDULED_PARTY_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-platform-error`} message={fieldErrors.show_movie} />
      </div>
      <div>
        <label htmlFor={`${id}-privacy`} className={labelClass}>
          Privacy
        </label>
        <Select key={values.privacy} id={`${id}-privacy`} name="privacy" inputSize="md" defaultValue={values.privacy}>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </Select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description <span className="font-normal text-slate-300">(optional)</span>
        </label>
        <Textarea
          id={`${id}-description`}
          name="description"
          {...invalid("description")}
          rows={3}
          maxLength={SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH}
          defaultValue={values.description}
        />
        <FieldError id={`${id}-description-error`} message={fieldErrors.description} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-300 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}


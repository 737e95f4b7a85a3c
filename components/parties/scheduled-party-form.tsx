"use client";
/**
 * Create / edit a scheduled party: title required; date and time required, sent as an ISO
 * timestamp; platform one of the fixed list; privacy public (default) or private; description
 * optional with its leading whitespace trimmed. Validated with the API's own schema before sending;
 * every field's problem shows under that field (and all of them in one alert), not just the first.
 */
import { useId, useState, type FormEvent } from "react";
import { SCHEDULED_PARTY_PLATFORMS } from "@/lib/constants";
import {
  SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH,
  SCHEDULED_PARTY_TITLE_MAX_LENGTH,
  scheduledPartyInputSchema,
  type ScheduledParty,
  type ScheduledPartyInput,
} from "@/lib/schemas/scheduled-party";
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from "./styles";

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

interface Props {
  party?: ScheduledParty;
  submitLabel: string;
  busyLabel: string;
  /** Throws with the text to show when saving fails. */
  onSubmit: (input: ScheduledPartyInput) => Promise<void>;
  onCancel?: () => void;
}

export function ScheduledPartyForm({ party, submitLabel, busyLabel, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(party));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const when = values.dateTime ? new Date(values.dateTime) : null;
    const input = {
      title: values.title,
      date_time: when && !Number.isNaN(when.getTime()) ? when.toISOString() : "",
      show_movie: values.platform,
      privacy: values.privacy,
      description: values.description,
    };
    const checked = scheduledPartyInputSchema.safeParse(input);
    if (!checked.success) {
      const byField: Partial<Record<FieldKey, string>> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0];
        if (typeof key === "string" && key in FIELD_IDS && !byField[key as FieldKey]) byField[key as FieldKey] = issue.message;
      }
      setFieldErrors(byField);
      setError([...new Set(checked.error.issues.map((issue) => issue.message))].join(" ") || "Please check the form.");
      return;
    }
    setSaving(true);
    setFieldErrors({});
    setError(null);
    try {
      await onSubmit(input as ScheduledPartyInput);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title
        </label>
        <input id={`${id}-title`} aria-invalid={Boolean(fieldErrors.title)} aria-describedby={fieldErrors.title ? `${id}-title-error` : undefined} className={inputClass} required maxLength={SCHEDULED_PARTY_TITLE_MAX_LENGTH} value={values.title} onChange={(e) => set("title", e.target.value)} />
        <FieldError id={`${id}-title-error`} message={fieldErrors.title} />
      </div>
      <div>
        <label htmlFor={`${id}-when`} className={labelClass}>
          Date and time
        </label>
        <input id={`${id}-when`} aria-invalid={Boolean(fieldErrors.date_time)} aria-describedby={fieldErrors.date_time ? `${id}-when-error` : undefined} type="datetime-local" className={inputClass} required value={values.dateTime} onChange={(e) => set("dateTime", e.target.value)} />
        <FieldError id={`${id}-when-error`} message={fieldErrors.date_time} />
      </div>
      <div>
        <label htmlFor={`${id}-platform`} className={labelClass}>
          Platform
        </label>
        <select id={`${id}-platform`} aria-invalid={Boolean(fieldErrors.show_movie)} aria-describedby={fieldErrors.show_movie ? `${id}-platform-error` : undefined} className={inputClass} required value={values.platform} onChange={(e) => set("platform", e.target.value)}>
          <option value="">Select a platform</option>
          {SCHEDULED_PARTY_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-platform-error`} message={fieldErrors.show_movie} />
      </div>
      <div>
        <label htmlFor={`${id}-privacy`} className={labelClass}>
          Privacy
        </label>
        <select id={`${id}-privacy`} className={inputClass} value={values.privacy} onChange={(e) => set("privacy", e.target.value === "private" ? "private" : "public")}>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description <span className="font-normal text-slate-300">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`} aria-invalid={Boolean(fieldErrors.description)} aria-describedby={fieldErrors.description ? `${id}-description-error` : undefined}
          className={inputClass}
          rows={3}
          maxLength={SCHEDULED_PARTY_DESCRIPTION_MAX_LENGTH}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
        />
        <FieldError id={`${id}-description-error`} message={fieldErrors.description} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-300 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={saving}>
          {saving ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {message}
    </p>
  );
}

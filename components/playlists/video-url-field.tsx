"use client";
/**
 * The one-field "paste a YouTube or TikTok link" form used by /add and the playlist page: required,
 * must be an http(s) URL (spec §5), then the caller decides what submitting means.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { videoUrlSchema } from "@/lib/schemas/playlist";
import { labelClass, primaryButtonClass } from "./styles";
import { VideoUrlInput } from "./video-url-input";

interface Props {
  label?: string;
  submitLabel?: string;
  /** Called with the validated, trimmed URL. */
  onValidUrl: (url: string) => void;
  /** Shown below the field: the caller's answer to the last submit. */
  children?: ReactNode;
}

export function VideoUrlField({ label = "YouTube or TikTok URL", submitLabel = "Add Video", onValidUrl, children }: Props) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!url.trim()) {
      setError("Please enter a video URL.");
      return;
    }
    const parsed = videoUrlSchema.safeParse(url);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid URL.");
      return;
    }
    setError(null);
    onValidUrl(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div>
        <label htmlFor={`${id}-url`} className={labelClass}>
          {label}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <VideoUrlInput
            id={`${id}-url`}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={`shrink-0 ${primaryButtonClass}`}>
            {submitLabel}
          </button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {children}
    </form>
  );
}

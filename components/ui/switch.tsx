"use client";
/**
 * An accessible on/off switch: a button with role="switch" and aria-checked, named by its visible
 * label. The button is a 44×44 touch target around the smaller drawn track.
 */
import { useId } from "react";

interface Props {
  label: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
}

export function Switch({ label, checked, onChange, disabled = false }: Props) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={id} className="text-sm text-slate-200">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-11 items-center rounded-full border transition-colors ${
            checked ? "border-accent bg-accent" : "border-slate-400 bg-slate-800"
          }`}
        >
          <span className={`inline-block h-4 w-4 rounded-full transition-transform ${checked ? "translate-x-6 bg-on-accent" : "translate-x-1 bg-slate-300"}`} />
        </span>
      </button>
    </div>
  );
}

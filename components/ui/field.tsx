/** Form controls (text input, textarea, select) and their label, styled once. */
import { cva } from "class-variance-authority";
import type { ComponentProps } from "react";

export const inputVariants = cva(
  "rounded-md border border-slate-500 bg-slate-950 max-sm:min-h-11 text-slate-100 placeholder:text-slate-400 focus:border-accent-fg focus:outline-none focus:ring-2 focus:ring-accent-fg/40 disabled:opacity-60 aria-[invalid=true]:border-red-400",
  {
    variants: {
      size: { md: "w-full px-3 py-2", sm: "px-2 py-1.5 text-sm" },
    },
    defaultVariants: { size: "md" },
  },
);

export const labelClass = "mb-1 block text-sm font-medium text-slate-200";

/** `inputSize` rather than `size`: `size` is already an HTML attribute of inputs and selects. */
type ControlSize = { inputSize?: "md" | "sm" };

export function Input({ className, inputSize, ...props }: ComponentProps<"input"> & ControlSize) {
  return <input className={inputVariants({ size: inputSize, className })} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={inputVariants({ className })} {...props} />;
}

/** Compact by default (filters, sort orders); `inputSize="md"` for a select among full-width form fields. */
export function Select({ className, inputSize = "sm", ...props }: ComponentProps<"select"> & ControlSize) {
  return <select className={inputVariants({ size: inputSize, className })} {...props} />;
}

/** A field's problem under it; the control points here with `invalidFieldProps`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {message}
    </p>
  );
}

/**
 * Marks a control invalid and describes it by its FieldError (same `id`) while it has a problem;
 * `hintId` names a hint that describes the control all the time (read before the problem).
 */
export function invalidFieldProps(errorId: string, message: string | undefined, hintId?: string) {
  return { "aria-invalid": Boolean(message), "aria-describedby": [hintId, message && errorId].filter(Boolean).join(" ") || undefined } as const;
}

"use client";
/**
 * A form's submit button that is disabled and shows its busy label while the form's action runs
 * (read from the enclosing <form action>, so the form need not track "saving" itself).
 */
import { useFormStatus } from "react-dom";
import type { ButtonHTMLAttributes, ReactNode } from "react";

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  pendingLabel: ReactNode;
}

export function SubmitButton({ pendingLabel, children, disabled, ...props }: Props) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </button>
  );
}

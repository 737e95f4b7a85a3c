"use client";
/**
 * A form's submit button that is disabled and shows its busy label while the form's action runs
 * (read from the enclosing <form action>, so the form need not track "saving" itself). It looks like
 * `Button` and takes the same variants.
 */
import { useFormStatus } from "react-dom";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonVariants, type ButtonVariantProps } from "./button";

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">, ButtonVariantProps {
  pendingLabel: ReactNode;
}

export function SubmitButton({ pendingLabel, children, disabled, variant, size, className, ...props }: Props) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending || disabled} className={buttonVariants({ variant, size, className })} {...props}>
      {pending ? pendingLabel : children}
    </button>
  );
}

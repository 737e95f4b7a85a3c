/**
 * Buttons and button-looking links: every variant and size is declared here once, so a page picks
 * `variant`/`size` instead of repeating class strings (and a restyle happens in one place).
 * Every size is at least 24 px tall (WCAG 2.2's target minimum) and, on a phone, 44×44 px: the
 * compact sizes keep their look on a desk, where a pointer is precise.
 */
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

export const buttonVariants = cva(
  "inline-flex min-h-6 items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors max-sm:min-h-11 max-sm:min-w-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-fg disabled:cursor-not-allowed",
  {
    variants: {
      variant: {
        primary: "bg-accent text-on-accent hover:bg-accent-hover disabled:bg-slate-600 disabled:text-slate-100",
        secondary: "border border-slate-400 font-normal text-slate-100 hover:border-accent-fg hover:text-accent-fg disabled:border-slate-600 disabled:text-slate-400",
        danger: "border border-red-400 font-normal text-red-200 hover:bg-red-950 disabled:opacity-60",
        warning: "border border-amber-500 font-normal text-amber-100 hover:bg-amber-950 disabled:opacity-60",
        ghost: "font-normal text-slate-200 hover:bg-slate-800 hover:text-white disabled:opacity-60",
        "accent-ghost": "font-medium text-accent-fg hover:bg-slate-800 disabled:opacity-60",
        link: "px-0 py-0 font-medium text-accent-fg hover:underline",
      },
      size: {
        xs: "px-2 py-0.5 text-xs",
        sm: "px-3 py-1 text-sm",
        md: "px-4 py-2 text-sm",
        lg: "px-5 py-3 text-base",
        icon: "h-9 w-9 p-0 text-xl leading-none max-sm:h-11 max-sm:w-11",
      },
    },
    compoundVariants: [{ variant: "link", className: "px-0 py-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & ButtonVariantProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}

/** Surfaces: a card (panel) and a badge, with their variants in one place. */
import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";

export const cardVariants = cva("rounded-xl border bg-slate-900", {
  variants: {
    tone: { default: "border-slate-700", accent: "border-accent-fg/60", danger: "border-red-400/60" },
    padding: { none: "", md: "p-4 sm:p-5" },
  },
  defaultVariants: { tone: "default", padding: "md" },
});

export function Card({ tone, padding, className, ...props }: HTMLAttributes<HTMLElement> & VariantProps<typeof cardVariants>) {
  return <section className={cardVariants({ tone, padding, className })} {...props} />;
}

export const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", {
  variants: {
    tone: {
      neutral: "bg-slate-700 text-slate-100",
      live: "bg-red-600 text-white",
      success: "bg-emerald-900 text-emerald-100",
      online: "bg-emerald-300 text-slate-950",
      warning: "bg-amber-300 text-slate-950",
      notice: "bg-amber-900 text-amber-100",
      info: "bg-cyan-950 text-cyan-100",
      accent: "bg-accent text-on-accent",
      music: "bg-fuchsia-300 text-slate-950",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export function Badge({ tone, className, ...props }: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={badgeVariants({ tone, className })} {...props} />;
}

/** A link styled as a button: http(s) targets open in a new tab, site paths use <Link>, others (mailto:) a plain <a>. */
import Link from "next/link";
import type { ReactNode } from "react";

const variants = {
  primary:
    "bg-vp-accent text-vp-bg hover:bg-[#45e0d5] focus-visible:outline-vp-accent",
  secondary:
    "border border-vp-accent text-vp-accent hover:bg-vp-accent/10 focus-visible:outline-vp-accent",
} as const;

export const ctaClassName = (variant: keyof typeof variants = "primary") =>
  `inline-flex items-center justify-center rounded-lg px-5 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${variants[variant]}`;

export function isExternalUrl(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

export function CtaLink({
  href,
  children,
  variant = "primary",
}: {
  href: string;
  children: ReactNode;
  variant?: keyof typeof variants;
}) {
  if (isExternalUrl(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={ctaClassName(variant)}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (!href.startsWith("/")) {
    return (
      <a href={href} className={ctaClassName(variant)}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={ctaClassName(variant)}>
      {children}
    </Link>
  );
}

/** The top of a content page: the page's only <h1>, a lead paragraph and optional actions. */
import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  centered = false,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  centered?: boolean;
}) {
  return (
    <header className={`mb-12 ${centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}`}>
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-widest text-vp-accent uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
      {lead ? <div className="mt-5 text-lg leading-relaxed text-vp-text">{lead}</div> : null}
      {children ? (
        <div className={`mt-8 flex flex-wrap gap-4 ${centered ? "justify-center" : ""}`}>{children}</div>
      ) : null}
    </header>
  );
}

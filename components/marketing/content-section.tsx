/** A titled block of a content page (an <h2> and its body). */
import type { ReactNode } from "react";

export function ContentSection({
  id,
  title,
  intro,
  children,
}: {
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="mt-16 scroll-mt-24 first:mt-0">
      <h2 id={headingId} className="text-2xl font-bold text-white sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-3xl text-lg text-vp-text">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

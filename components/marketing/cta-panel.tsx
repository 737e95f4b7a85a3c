/** The closing call-to-action box of a content page: an <h2>, one line of text and buttons. */
import { useId, type ReactNode } from "react";

export function CtaPanel({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-16 rounded-2xl border border-[#2e3d4f] bg-vp-surface p-8 text-center sm:p-12"
    >
      <h2 id={headingId} className="text-2xl font-bold text-white sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-vp-text">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>
    </section>
  );
}

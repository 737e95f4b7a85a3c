/** Common page frame: one h1, optional lead paragraph, content. */
import type { ReactNode } from "react";

export function PageShell({ title, lead, children, wide = false }: { title: string; lead?: ReactNode; children?: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-10 ${wide ? "max-w-7xl" : "max-w-4xl"}`}>
      <h1 className="text-3xl font-bold [overflow-wrap:anywhere] text-white md:text-4xl">{title}</h1>
      {lead && <p className="mt-3 max-w-3xl text-slate-300">{lead}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** One titled card of a profile page; the accent colour marks its edge. */
import { useId, type ReactNode } from "react";

/** Every card of a profile page, titled here or not, so they all carry the owner's accent edge. */
export const profileCardClass = "min-w-0 scroll-mt-20 rounded-xl border border-slate-700 border-l-4 border-l-[color:var(--profile-accent)] bg-slate-900 p-4 sm:p-5";

export function ProfileSection({ title, lead, actions, children, anchor }: { title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode; anchor?: string }) {
  const id = useId();
  return (
    <section id={anchor} aria-labelledby={id} className={profileCardClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {actions}
      </div>
      {lead && <p className="-mt-1 mb-3 text-sm text-slate-300">{lead}</p>}
      {children}
    </section>
  );
}

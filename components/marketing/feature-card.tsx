/** A card with an optional icon, an <h3> title and a short text; used in the card grids. */
import type { ReactNode } from "react";
import { Icon, type IconName } from "@/components/ui/icon";

export function FeatureCard({ icon, title, children }: { icon?: IconName; title: string; children: ReactNode }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-[#2e3d4f] bg-vp-surface p-6">
      {icon ? (
        <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-lg bg-vp-accent/10 text-vp-accent">
          <Icon name={icon} />
        </span>
      ) : null}
      <h3 className="text-xl font-semibold text-white">{title}</h3>
      <div className="mt-3 leading-relaxed text-vp-text">{children}</div>
    </article>
  );
}

export function CardGrid({ children, columns = 4 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const cols = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return <div className={`grid grid-cols-1 gap-6 ${cols}`}>{children}</div>;
}

/**
 * The own profile's three groups (Profile, Parties, Account) and the bar that jumps between them.
 * Every group stays on the page (nothing is hidden behind a tab), so a link to any card still works.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";

export const PROFILE_GROUPS = [
  { id: "profile-about", label: "Profile" },
  { id: "profile-parties", label: "Parties" },
  { id: "profile-account", label: "Account" },
] as const;

export function ProfileSectionNav({ username }: { username: string | null }) {
  return (
    <nav aria-label="Profile sections" className="mb-6 flex flex-wrap items-center gap-2 border-b border-slate-800 pb-3">
      {PROFILE_GROUPS.map((group) => (
        <a key={group.id} href={`#${group.id}`} className={buttonVariants({ variant: "accent-ghost", size: "sm" })}>
          {group.label}
        </a>
      ))}
      {username && (
        <Link href={`/${encodeURIComponent(username)}`} className={`${buttonVariants({ variant: "secondary", size: "sm" })} ml-auto`}>
          View public profile
        </Link>
      )}
    </nav>
  );
}

export function ProfileGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div id={id} role="group" aria-labelledby={`${id}-title`} className="scroll-mt-32 space-y-4">
      <p id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-accent-fg">
        {title}
      </p>
      <div className="grid min-w-0 gap-4">{children}</div>
    </div>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageShell } from "@/components/common/page-shell";
import { findUserByUsername } from "@/lib/server/users/get-user-or-throw";
import { USERNAME_PATTERN } from "@/lib/reserved-usernames";

// Static routes always win over this segment in the App Router, so /{username} never shadows them.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ username: string }> };

async function load(raw: string) {
  const username = decodeURIComponent(raw);
  if (!USERNAME_PATTERN.test(username)) return undefined;
  const row = await findUserByUsername(username);
  return row && !row.profilePrivate ? row : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const row = await load((await params).username);
  return row ? { title: `${row.name} (@${row.username}) - ViewParty` } : { title: "404 - Page Not Found" };
}

export default async function PublicProfilePage({ params }: Props) {
  const row = await load((await params).username);
  if (!row) notFound();
  return (
    <PageShell title={row.name} lead={`@${row.username}`}>
      {row.bio ? <p className="whitespace-pre-line text-slate-200">{row.bio}</p> : null}
    </PageShell>
  );
}

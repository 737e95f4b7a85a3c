// /r/[slug] – a room's page: what it is, who runs it, joining it (members-only: with its invite link)
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { RoomPage } from "@/components/rooms/room-page";
import { ApiError } from "@/lib/server/http/api-error";
import { getVisibleRoomOrThrow, toRoom } from "@/lib/server/rooms/room-query";
import { getViewerId } from "@/lib/server/users/get-viewer-id";
import type { Room } from "@/lib/schemas/room";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ code?: string | string[] }> };

type Loaded = { room: Room } | { refusal: { code: string; detail: string } } | null;

/** One read per request for both the metadata and the page: the room as the viewer may see it. */
const load = cache(async (slug: string, code: string | undefined): Promise<Loaded> => {
  try {
    const { record, role } = await getVisibleRoomOrThrow(slug, await getViewerId(), code);
    return { room: toRoom(record, role) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError && error.status === 403) return { refusal: { code: error.code, detail: error.detail } };
    throw error;
  }
});

const codeOf = (raw: string | string[] | undefined) => (typeof raw === "string" && raw.length > 0 && raw.length <= 64 ? raw : undefined);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const loaded = await load(decodeURIComponent((await params).slug), codeOf((await searchParams).code));
  if (!loaded) return { title: "404 - Page Not Found", robots: { index: false } };
  if ("refusal" in loaded) return { title: "Members-only room - ViewParty", robots: { index: false } };
  const { room } = loaded;
  return {
    title: `${room.title} (/r/${room.slug}) - ViewParty`,
    description: room.description ?? `${room.title}: a watch-party room on ViewParty.`,
    robots: room.privacy === "public" ? undefined : { index: false },
  };
}

export default async function RoomRoute({ params, searchParams }: Props) {
  const slug = decodeURIComponent((await params).slug);
  const code = codeOf((await searchParams).code);
  const loaded = await load(slug, code);
  if (!loaded) notFound();
  // An address the room gave up (or one typed in capitals) leads to where it is now.
  if ("room" in loaded && loaded.room.slug !== slug) redirect(`/r/${loaded.room.slug}${code ? `?code=${encodeURIComponent(code)}` : ""}`);
  return <RoomPage slug={slug} code={code ?? null} initial={"room" in loaded ? loaded.room : undefined} refusal={"refusal" in loaded ? loaded.refusal : undefined} />;
}

"use client";
/**
 * Your Rooms (on /profile): the rooms you own or belong to, each with your role and who can come in,
 * and "Create a room" (a form that opens in place; the new room's page opens when it is made).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { DataTable, MessageRow, rowClass, RowTh, Td } from "@/components/parties/data-table";
import { ProfileSection } from "@/components/profile/profile-section";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { createRoom, roomUrl, useMyRooms } from "@/lib/api/use-rooms";
import { defaultSlugFor } from "@/lib/schemas/room";
import { PRIVACY_SHORT, ROLE_LABELS } from "./labels";

export const NO_ROOMS = "You have no rooms yet. A room keeps one address for your group or channel, party after party.";

const RoomForm = dynamic(() => import("./room-form").then((m) => m.RoomForm), {
  loading: () => (
    <p role="status" className="text-slate-300">
      Loading...
    </p>
  ),
});

const COLUMNS = ["Room", "Address", "Your role", "Who can come in"] as const;

export function MyRooms() {
  const { data, error } = useMyRooms();
  const { user } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const router = useRouter();
  const toast = useToast();

  let body: ReactNode;
  if (error) body = <MessageRow colSpan={COLUMNS.length}><span role="alert" className="text-red-300">Failed to load your rooms.</span></MessageRow>;
  else if (!data) body = <MessageRow colSpan={COLUMNS.length}>Loading your rooms...</MessageRow>;
  else if (data.length === 0) body = <MessageRow colSpan={COLUMNS.length}>{NO_ROOMS}</MessageRow>;
  else {
    body = data.map((room) => (
      <tr key={room.id} className={rowClass} data-testid="my-room-row">
        <RowTh>
          <Link href={roomUrl(room.slug)} className="text-accent-fg hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
            {room.title}
          </Link>
        </RowTh>
        <Td label="Address">/r/{room.slug}</Td>
        <Td label="Your role">{room.your_role ? ROLE_LABELS[room.your_role] : "-"}</Td>
        <Td label="Who can come in">{PRIVACY_SHORT[room.privacy]}</Td>
      </tr>
    ));
  }

  return (
    <ProfileSection
      title="Your Rooms"
      anchor="your-rooms"
      actions={
        <Button variant="secondary" size="sm" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {creating ? "Cancel" : "Create a room"}
        </Button>
      }
    >
      {creating && (
        <div className="mb-4">
          <RoomForm
            defaultSlug={defaultSlugFor(user?.username ?? null)}
            onCancel={() => setCreating(false)}
            onCreate={async (input) => {
              const room = await createRoom(input);
              setCreating(false);
              toast.success(`Room created: /r/${room.slug}`);
              router.push(roomUrl(room.slug));
              return room;
            }}
          />
        </div>
      )}
      <DataTable caption="Your rooms" columns={COLUMNS} minWidth="36rem">
        {body}
      </DataTable>
    </ProfileSection>
  );
}

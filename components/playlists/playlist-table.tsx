"use client";
/**
 * The Video Playlists table: Title, Owner, Created, Actions (View). Only playlists their owners
 * listed publicly; an owner whose profile is private is not named (nor linked). The shared DataTable: a table from 640 px up, cards on a phone (nothing scrolls
 * sideways, every link a full-size target).
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { DataTable, MessageRow, RowTh, Td, rowClass } from "@/components/ui/table";
import { linkClass } from "@/components/parties/styles";
import { formatDate } from "./format-date";
import { usePlaylists } from "./playlist-api";

const COLUMNS = ["Title", "Owner", "Created", "Actions"] as const;

export function PlaylistTable() {
  const { data, error, isLoading } = usePlaylists();
  const message = (children: ReactNode) => <MessageRow colSpan={COLUMNS.length}>{children}</MessageRow>;

  let body: ReactNode;
  if (error) {
    body = message(
      <span role="alert" className="font-medium text-red-300">
        Error loading playlists
      </span>,
    );
  } else if (isLoading || !data) {
    body = message("Loading playlists...");
  } else if (data.length === 0) {
    body = message("No playlists found");
  } else {
    body = data.map((playlist) => (
      <tr key={playlist.id} className={rowClass}>
        <RowTh>{playlist.title}</RowTh>
        <Td label="Owner">
          {playlist.owner_private ? (
            <span className="italic text-slate-400" title="This owner keeps their profile private.">
              {playlist.owner}
            </span>
          ) : playlist.owner_username ? (
            <Link href={`/${encodeURIComponent(playlist.owner_username)}`} className={linkClass}>
              {playlist.owner}
            </Link>
          ) : (
            playlist.owner
          )}
        </Td>
        <Td label="Created">
          <time dateTime={playlist.created_at}>{formatDate(playlist.created_at)}</time>
        </Td>
        <Td label="Actions">
          <Link href={`/playlist?id=${encodeURIComponent(playlist.id)}`} aria-label={`View ${playlist.title}`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            View
          </Link>
        </Td>
      </tr>
    ));
  }

  return (
    <DataTable caption="Video playlists" columns={COLUMNS} minWidth="36rem">
      {body}
    </DataTable>
  );
}

"use client";
/** The Video Playlists table: Title, Owner, Created, Actions (View). */
import Link from "next/link";
import type { ReactNode } from "react";
import { formatDate } from "./format-date";
import { usePlaylists } from "./playlist-api";

const COLUMNS = ["Title", "Owner", "Created", "Actions"] as const;

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className="px-4 py-6 text-center text-slate-300">
        {children}
      </td>
    </tr>
  );
}

export function PlaylistTable() {
  const { data, error, isLoading } = usePlaylists();

  let body: ReactNode;
  if (error) {
    body = (
      <MessageRow>
        <span role="alert" className="font-medium text-red-300">
          Error loading playlists
        </span>
      </MessageRow>
    );
  } else if (isLoading || !data) {
    body = <MessageRow>Loading playlists...</MessageRow>;
  } else if (data.length === 0) {
    body = <MessageRow>No playlists found</MessageRow>;
  } else {
    body = data.map((playlist) => (
      <tr key={playlist.id} className="border-t border-slate-700">
        <th scope="row" className="px-4 py-3 text-left font-medium text-slate-100">
          {playlist.title}
        </th>
        <td className="px-4 py-3 text-slate-300">
          {playlist.owner_username ? (
            <Link href={`/${encodeURIComponent(playlist.owner_username)}`} className="text-cyan-300 hover:underline">
              {playlist.owner}
            </Link>
          ) : (
            playlist.owner
          )}
        </td>
        <td className="px-4 py-3 text-slate-300">
          <time dateTime={playlist.created_at}>{formatDate(playlist.created_at)}</time>
        </td>
        <td className="px-4 py-3">
          <Link
            href={`/playlist?id=${encodeURIComponent(playlist.id)}`}
            aria-label={`View ${playlist.title}`}
            className="inline-block rounded-md border border-cyan-300 px-3 py-1 text-sm font-medium text-cyan-300 hover:bg-cyan-300 hover:text-slate-950"
          >
            View
          </Link>
        </td>
      </tr>
    ));
  }

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-700 bg-slate-900">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Video playlists</caption>
        <thead className="bg-slate-950/60 text-left text-xs uppercase tracking-wide text-slate-300">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

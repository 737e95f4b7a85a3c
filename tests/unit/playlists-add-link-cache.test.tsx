/** @jest-environment jsdom */
/**
 * Adding a video answers with the added link, and the open playlist and the caller's list take it in
 * place: the new video shows at once and neither is fetched again (it used to refetch both).
 */
import { act, render, screen } from "@testing-library/react";
import useSWR, { SWRConfig } from "swr";
import { addPlaylistLink, MY_PLAYLISTS_PATH, usePlaylist } from "@/components/playlists/playlist-api";
import type { MyPlaylist, PlaylistDetail, PlaylistLink } from "@/lib/schemas/playlist";

const link = (id: string, title: string, position: number): PlaylistLink => ({
  id,
  playlist_id: "pl-1",
  position,
  url: `https://www.youtube.com/watch?v=${id.padEnd(11, "x")}`,
  title,
  platform: "youtube",
  video_id: id.padEnd(11, "x"),
  start_seconds: 0,
  added_by_username: "ann",
  can_remove: true,
  created_at: "2025-02-01T00:00:00.000Z",
});

const detail: PlaylistDetail = {
  id: "pl-1",
  playlist_id: "pl-1",
  title: "Friday Mix",
  name: "Friday Mix",
  owner_username: "ann",
  owner: "ann",
  owner_private: false,
  created_at: "2025-02-01T00:00:00.000Z",
  role: "owner",
  listed: false,
  accept_youtube: true,
  accept_tiktok: true,
  total_videos: 1,
  max_videos: 500,
  share_code: "K7Q2M9XD",
  admin_key: null,
  links: [link("first", "First song", 0)],
};
const summary = { playlist_id: "pl-1", owner_username: "ann", owner: "ann", owner_private: false, created_at: "2025-02-01T00:00:00.000Z" };
const mine: MyPlaylist[] = [
  { ...summary, id: "pl-1", title: "Friday Mix", name: "Friday Mix", role: "owner", total_videos: 1 },
  { ...summary, id: "pl-2", playlist_id: "pl-2", title: "Other", name: "Other", role: "collaborator", total_videos: 7 },
];

function Page() {
  const { data } = usePlaylist("pl-1");
  const { data: lists } = useSWR<MyPlaylist[]>(MY_PLAYLISTS_PATH);
  return (
    <div>
      <h1>Total Videos: {data?.total_videos ?? "…"}</h1>
      <ul aria-label="videos">{data?.links.map((l) => <li key={l.id}>{l.title}</li>)}</ul>
      <ul aria-label="my playlists">{lists?.map((p) => <li key={p.id}>{`${p.title}: ${p.total_videos}`}</li>)}</ul>
    </div>
  );
}

test("the added link shows at once and nothing is fetched again", async () => {
  const added = link("second", "Second song", 1);
  const fetcher = jest.fn((key: string) => Promise.resolve(key === MY_PLAYLISTS_PATH ? mine : detail));
    // jsdom has no Response: what apiFetch reads of one.
  const post = jest.fn((_path: string, _init: RequestInit) =>
    Promise.resolve({ status: 201, ok: true, headers: new Headers({ "content-type": "application/json" }), text: () => Promise.resolve(JSON.stringify(added)) }),
  );
  global.fetch = post as unknown as typeof fetch;
  render(
    <SWRConfig value={{ fetcher, dedupingInterval: 0 }}>
      <Page />
    </SWRConfig>,
  );
  await screen.findByText("First song");
  await screen.findByText("Friday Mix: 1");
  expect(fetcher).toHaveBeenCalledTimes(2);

  await act(() => addPlaylistLink("pl-1", { url: added.url, title: "Second song" }));

  expect(await screen.findByText("Second song")).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Total Videos: 2" })).toBeInTheDocument();
  expect(screen.getByText("Friday Mix: 2")).toBeInTheDocument();
  expect(screen.getByText("Other: 7")).toBeInTheDocument();
  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith("/api/v1/playlists/pl-1/links", expect.objectContaining({ method: "POST" }));
  expect(fetcher).toHaveBeenCalledTimes(2);
});

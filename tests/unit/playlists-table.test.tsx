/** @jest-environment jsdom */
/** The Video Playlists table: "No playlists found" when empty, "Error loading playlists" on failure, rows with a View link. */
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { PlaylistTable } from "@/components/playlists/playlist-table";

function renderTable(fetcher: () => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <PlaylistTable />
    </SWRConfig>,
  );
}

test("empty → No playlists found", async () => {
  renderTable(() => Promise.resolve([]));
  expect(await screen.findByText("No playlists found")).toBeInTheDocument();
});

test("failure → Error loading playlists", async () => {
  renderTable(() => Promise.reject(new Error("boom")));
  expect(await screen.findByRole("alert")).toHaveTextContent("Error loading playlists");
});

test("a row shows title, owner and a View link to the playlist page", async () => {
  renderTable(() =>
    Promise.resolve([
      { id: "p 1", playlist_id: "p 1", title: "Mix", name: "Mix", owner_username: "ann", owner: "ann", owner_private: false, created_at: "2025-02-01T00:00:00.000Z" },
    ]),
  );
  expect(await screen.findByRole("rowheader", { name: "Mix" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "ann" })).toHaveAttribute("href", "/ann");
  expect(screen.getByRole("link", { name: "View Mix" })).toHaveAttribute("href", "/playlist?id=p%201");
});

test("an owner whose profile is private is shown as such, with no profile link", async () => {
  renderTable(() =>
    Promise.resolve([
      { id: "p2", playlist_id: "p2", title: "Quiet Mix", name: "Quiet Mix", owner_username: null, owner: "a private owner", owner_private: true, created_at: "2025-02-01T00:00:00.000Z" },
    ]),
  );
  expect(await screen.findByRole("rowheader", { name: "Quiet Mix" })).toBeInTheDocument();
  expect(screen.getByTitle("This owner keeps their profile private.")).toHaveTextContent("a private owner");
  expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/playlist?id=p2"]);
});

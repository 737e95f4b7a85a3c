"use client";
/** Picks one of the caller's playlists (owned or joined), the ones they may add videos to. */
import type { MyPlaylist } from "@/lib/schemas/playlist";
import { ROLE_LABEL } from "./my-playlists";
import { inputClass, labelClass } from "./styles";

interface Props {
  id: string;
  label: string;
  playlists: MyPlaylist[] | undefined;
  value: string;
  onChange: (id: string) => void;
  required?: boolean;
}

export function MyPlaylistSelect({ id, label, playlists, value, onChange, required = false }: Props) {
  const addable = (playlists ?? []).filter((p) => p.role !== "viewer");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={addable.some((p) => p.id === value) ? value : ""} required={required} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        <option value="">{playlists ? (addable.length ? "Choose a playlist" : "You have no playlists yet") : "Loading playlists..."}</option>
        {addable.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title} ({ROLE_LABEL[p.role]}, {p.total_videos} videos)
          </option>
        ))}
      </select>
    </div>
  );
}

"use client";
/** Picks one of the caller's playlists (owned or joined), the ones they may add videos to. */
import { useLayoutEffect, useRef } from "react";
import { invalidFieldProps, Select } from "@/components/ui/field";
import type { MyPlaylist } from "@/lib/schemas/playlist";
import { ROLE_LABEL } from "./my-playlists";
import { labelClass } from "./styles";

interface Props {
  id: string;
  label: string;
  playlists: MyPlaylist[] | undefined;
  value: string;
  onChange: (id: string) => void;
  required?: boolean;
  /** Sent with the form under this name (left out where it only fills in another field). */
  name?: string;
  /** Why the choice is refused, shown in the form's message (`messageId`). */
  invalid?: string | undefined;
  messageId?: string;
}

export function MyPlaylistSelect({ id, label, playlists, value, onChange, required = false, name, invalid, messageId = "" }: Props) {
  const addable = (playlists ?? []).filter((p) => p.role !== "viewer");
  const shown = addable.some((p) => p.id === value) ? value : "";
  const ref = useRef<HTMLSelectElement>(null);
  // Inside a form run by a React action: the reset after the action puts a select back on its first
  // option behind React's back (a controlled select has no default); show the value again.
  useLayoutEffect(() => {
    if (ref.current && ref.current.value !== shown) ref.current.value = shown;
  });
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Select ref={ref} id={id} name={name} {...invalidFieldProps(messageId, invalid)} value={shown} required={required} onChange={(e) => onChange(e.target.value)} inputSize="md">
        <option value="">{playlists ? (addable.length ? "Choose a playlist" : "You have no playlists yet") : "Loading playlists..."}</option>
        {addable.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title} ({ROLE_LABEL[p.role]}, {p.total_videos} videos)
          </option>
        ))}
      </Select>
    </div>
  );
}

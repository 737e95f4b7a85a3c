/** The video link input: required, type url, the same hints wherever a playlist asks for a link. */
import type { InputHTMLAttributes } from "react";
import { inputClass } from "./styles";

export function VideoUrlInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "required">) {
  return (
    <input
      name="url"
      type="url"
      required
      inputMode="url"
      autoComplete="off"
      placeholder="https://www.youtube.com/watch?v=..."
      className={inputClass}
      {...props}
    />
  );
}

/** The video link input: required, type url, the same hints wherever a playlist asks for a link. */
import type { InputHTMLAttributes } from "react";
import { Input } from "@/components/ui/field";

export function VideoUrlInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "required">) {
  return (
    <Input
      name="url"
      type="url"
      required
      inputMode="url"
      autoComplete="off"
      placeholder="https://www.youtube.com/watch?v=..."
      {...props}
    />
  );
}

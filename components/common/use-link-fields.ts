"use client";
/**
 * A link and an optional title typed into a form that submits them and then starts over. The fields
 * are cleared after a successful submission only if they still hold what was submitted: someone who
 * types the next link while the previous one is on its way keeps what they typed.
 */
import { useCallback, useState } from "react";

export interface LinkFields {
  url: string;
  title: string;
  setUrl(url: string): void;
  setTitle(title: string): void;
  /** The values being submitted now; call `done()` on success to clear the fields that did not change since. */
  take(): { url: string; title: string; done(): void };
}

export function useLinkFields(): LinkFields {
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const take = useCallback(() => {
    const submitted = { url, title };
    return {
      ...submitted,
      done() {
        setUrl((current) => (current === submitted.url ? "" : current));
        setTitle((current) => (current === submitted.title ? "" : current));
      },
    };
  }, [url, title]);
  return { url, title, setUrl, setTitle, take };
}

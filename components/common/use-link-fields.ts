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
  /** After `sent` was submitted and accepted: clears the fields that still hold what was sent. */
  clear(sent: { url: string; title: string }): void;
}

export function useLinkFields(): LinkFields {
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const clear = useCallback((sent: { url: string; title: string }) => {
    setUrl((current) => (current === sent.url ? "" : current));
    setTitle((current) => (current === sent.title ? "" : current));
  }, []);
  const take = useCallback(() => {
    const submitted = { url, title };
    return { ...submitted, done: () => clear(submitted) };
  }, [url, title, clear]);
  return { url, title, setUrl, setTitle, take, clear };
}

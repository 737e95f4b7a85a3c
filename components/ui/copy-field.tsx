"use client";
/**
 * A link to hand on: read-only, with Copy → "Copied!" for COPY_CONFIRMATION_MS. Without clipboard
 * permission the text is selected, so it can be copied by hand.
 */
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import { Button } from "./button";
import { Input } from "./field";

const subscribeNever = () => () => undefined;

/** The page's origin: it never changes, and is read once the page runs in the browser (the server renders without it: ""). */
export function usePageOrigin(): string {
  return useSyncExternalStore(subscribeNever, () => window.location.origin, () => "");
}

export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input id={id} readOnly value={value} className="min-w-0 flex-1 text-sm" />
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {copied ? "Copied!" : "Copy"}
      </Button>
    </div>
  );
}

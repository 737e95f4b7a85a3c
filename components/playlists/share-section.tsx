"use client";
/** Share: the playlist's short code and a button that copies this page's link ("Copied!" briefly). */
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { COPY_CONFIRMATION_MS } from "@/lib/constants";
import { panelClass, secondaryButtonClass } from "./styles";

interface Props {
  /** The code, "Loading..." while it is being fetched, or a dash when there is none to show. */
  shareCode: string;
  hint?: string;
}

export function ShareSection({ shareCode, hint }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useToast();
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      toast.error("Could not copy the link. Copy it from the address bar instead.");
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Share
      </h2>
      <dl className="mt-3 flex items-baseline gap-2 text-sm">
        <dt className="text-slate-300">Short code:</dt>
        <dd className="font-mono text-base text-cyan-200">{shareCode}</dd>
      </dl>
      {hint && <p className="mt-1 text-xs text-slate-300">{hint}</p>}
      <button type="button" onClick={copyLink} className={`mt-4 w-full ${secondaryButtonClass}`}>
        <span aria-live="polite">{copied ? "Copied!" : "Copy link"}</span>
      </button>
    </section>
  );
}

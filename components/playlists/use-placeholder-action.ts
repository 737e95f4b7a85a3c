"use client";
/**
 * Actions the spec keeps as placeholders (create, join, Twitch connect): the button shows its busy
 * label for PLACEHOLDER_DELAY_MS, then "Feature coming soon!" appears inline and as an info toast.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { PLACEHOLDER_DELAY_MS } from "@/lib/constants";

export const FEATURE_COMING_SOON = "Feature coming soon!";

export interface PlaceholderAction {
  pending: boolean;
  /** Inline status text once the action has answered. */
  message: string | null;
  run: () => void;
}

export function usePlaceholderAction(): PlaceholderAction {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { info } = useToast();

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(() => {
    if (timer.current !== undefined) return; // already running: one answer per press
    setPending(true);
    setMessage(null);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setPending(false);
      setMessage(FEATURE_COMING_SOON);
      info(FEATURE_COMING_SOON);
    }, PLACEHOLDER_DELAY_MS);
  }, [info]);

  return { pending, message, run };
}

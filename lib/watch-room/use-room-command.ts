"use client";
/** Sends one room command at a time from a panel: `busy` while it is in flight, the server's `detail` as `error` when refused. */
import { useCallback, useState } from "react";
import type { PartyCommand, SendCommand } from "@/lib/party-client/types";

export function useRoomCommand(send: SendCommand) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (command: PartyCommand): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await send(command);
        return true;
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : String(cause));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [send],
  );
  return { busy, error, run, clearError: () => setError(null) };
}

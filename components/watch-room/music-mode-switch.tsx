"use client";
/**
 * The host's Music mode switch, in the host panel: a queue setting every member's room follows
 * (everyone else sees a badge by the room's title while it is on).
 */
import { PROTOCOL_VERSION } from "@/lib/sync";
import { useRoomCommand } from "@/lib/watch-room/use-room-command";
import type { SendCommand } from "@/lib/party-client/types";

interface MusicModeSwitchProps {
  on: boolean;
  disabled: boolean;
  send: SendCommand;
}

export function MusicModeSwitch({ on, disabled, send }: MusicModeSwitchProps) {
  const { busy, error, run } = useRoomCommand(send);
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled || busy}
        onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.settings", settings: { musicMode: !on } })}
        className="flex min-h-11 items-center gap-2 rounded-full border border-slate-500 px-3 text-xs font-semibold text-slate-100 hover:border-fuchsia-300 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span aria-hidden className={`relative inline-block h-4 w-7 rounded-full transition-colors ${on ? "bg-fuchsia-400" : "bg-slate-600"}`}>
          <span className={`absolute top-0.5 h-3 w-3 rounded-full bg-white transition-[left] ${on ? "left-3.5" : "left-0.5"}`} />
        </span>
        Music mode
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-300">
          {error}
        </span>
      )}
    </span>
  );
}

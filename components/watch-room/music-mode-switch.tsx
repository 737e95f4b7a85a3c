"use client";
/**
 * Music mode's state in the room's header: the host's switch (a queue setting every member's room
 * follows), a badge for everyone else while it is on.
 */
import { PROTOCOL_VERSION, type ClientCommand } from "@/lib/sync";
import { useRoomCommand } from "@/lib/watch-room/use-room-command";
import { Badge } from "@/components/ui/card";

interface MusicModeSwitchProps {
  on: boolean;
  isHost: boolean;
  disabled: boolean;
  send(command: ClientCommand): Promise<void>;
}

export function MusicModeSwitch({ on, isHost, disabled, send }: MusicModeSwitchProps) {
  const { busy, error, run } = useRoomCommand(send);
  if (!isHost) {
    return on ? (
      <Badge tone="music" data-testid="music-mode-badge">
        🎵 Music mode
      </Badge>
    ) : null;
  }
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled || busy}
        onClick={() => void run({ v: PROTOCOL_VERSION, type: "queue.settings", settings: { musicMode: !on } })}
        className="flex items-center gap-2 rounded-full border border-slate-500 px-2 py-0.5 text-xs font-semibold text-slate-100 hover:border-fuchsia-300 disabled:cursor-not-allowed disabled:opacity-60"
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

"use client";
/**
 * The host's room settings, in the host panel: chat slow mode, locking the room, and the policies the
 * whole party follows (wait for whoever buffers, pause for ads, votes from the streamer's Twitch chat).
 */
import { AD_WAIT_TEXT } from "@/lib/party-client/status-text";
import { Select } from "@/components/ui/field";

const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120, 300] as const;

export interface Toggle {
  on: boolean;
  onChange: (on: boolean) => void;
}

export interface RoomSettingsProps {
  slowModeSeconds: number;
  locked: boolean;
  onSlowMode: (seconds: number) => void;
  onLock: (locked: boolean) => void;
  /** Parties on the streamer's Twitch chat: whether "!vote N" there counts in polls. */
  twitchVotes?: Toggle;
  /** The buffering policy: pause while someone buffers (up to 30 s), or keep going. */
  waitForEveryone?: Toggle;
  /** The ad policy: pause while someone watches an ad (up to AD_WAIT_MAX_MS), or keep going. */
  pauseForAds?: Toggle;
}

/** A checkbox big enough to tap (24 px, on its own line), its label widening the target. */
function Check({ label, toggle }: { label: string; toggle: Toggle }) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="checkbox" className="size-6 shrink-0 accent-cyan-300" checked={toggle.on} onChange={(e) => toggle.onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function RoomSettings({ slowModeSeconds, locked, onSlowMode, onLock, twitchVotes, waitForEveryone, pauseForAds }: RoomSettingsProps) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm text-slate-200">
      <legend className="mb-1 font-semibold text-white">Room</legend>
      <label className="flex min-h-11 items-center gap-3">
        Slow mode
        <Select className="min-h-11" value={slowModeSeconds} onChange={(e) => onSlowMode(Number(e.target.value))}>
          {[...new Set([...SLOW_MODE_CHOICES, slowModeSeconds])]
            .sort((a, b) => a - b)
            .map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? "Off" : `${seconds} s`}
              </option>
            ))}
        </Select>
      </label>
      <Check label="Lock the room" toggle={{ on: locked, onChange: onLock }} />
      {waitForEveryone && <Check label="Wait for everyone who buffers (up to 30 s)" toggle={waitForEveryone} />}
      {pauseForAds && <Check label={`Pause for ads (up to ${AD_WAIT_TEXT})`} toggle={pauseForAds} />}
      {twitchVotes && <Check label="Votes from Twitch chat (!vote 1)" toggle={twitchVotes} />}
    </fieldset>
  );
}

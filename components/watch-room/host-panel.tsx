"use client";
/**
 * The host's tools, out of the viewers' way: a drawer (a bottom sheet on a phone) the host opens with
 * "Host tools". Editing the queue, opening a poll, moderating members, the room's settings and
 * policies, recording, and reported messages. The room loads this module only when the host opens
 * it (next/dynamic in room-view.tsx), so a viewer's first load carries none of it.
 */
import type { ChatReport, QueueState, RecordingState, RosterMember, VoiceState } from "@/lib/sync";
import { Dialog } from "@/components/ui/dialog";
import { MemberModeration, type MemberAction } from "./member-moderation";
import { MusicModeSwitch } from "./music-mode-switch";
import { PollForm } from "./poll-form";
import { QueueEditor } from "./queue-editor";
import { RecordingControls } from "./recording-controls";
import { ReportsPanel } from "./reports-panel";
import { RoomSettings, type RoomSettingsProps } from "./room-settings";
import type { SendCommand } from "@/lib/party-client/types";

export interface HostPanelProps {
  onClose(): void;
  queue: QueueState;
  send: SendCommand;
  /** A poll is open or tied: it is run from the Vote panel, and a new one waits. */
  pollRunning: boolean;
  roster: readonly RosterMember[] | null;
  youId: string | null;
  muted: readonly string[];
  /** The party's voice, for the voice actions on each member. */
  voice?: VoiceState;
  onModerate(action: MemberAction, member: RosterMember): void;
  settings: RoomSettingsProps;
  recording: RecordingState | null;
  canRecord: boolean;
  reports: readonly ChatReport[];
}

const section = "flex flex-col gap-2 border-b border-slate-700 pb-4 last:border-b-0";

export function HostPanel(props: HostPanelProps) {
  const { onClose, queue, send } = props;
  return (
    <Dialog title="Host tools" placement="drawer" onClose={onClose} testId="host-panel">
      <div className="flex flex-col gap-4 text-sm text-slate-200">
        {props.reports.length > 0 && <ReportsPanel reports={props.reports} />}
        <div className={section}>
          <QueueEditor queue={queue} send={send} />
        </div>
        <section aria-label="Poll" className={section}>
          {props.pollRunning ? (
            <>
              <h3 className="font-semibold text-white">Open a poll</h3>
              <p className="text-slate-400">A poll is running: close or cancel it in the Vote panel before opening another.</p>
            </>
          ) : (
            <PollForm queue={queue} send={send} />
          )}
        </section>
        <div className={section}>
          <MemberModeration roster={props.roster} youId={props.youId} muted={props.muted} voice={props.voice} onModerate={props.onModerate} />
        </div>
        <div className={section}>
          <div className="flex flex-wrap items-center gap-3">
            <MusicModeSwitch on={queue.settings.musicMode} disabled={false} send={send} />
            <span className="text-slate-400">Audio first: the player shrinks, the track takes the stage.</span>
          </div>
          <RoomSettings {...props.settings} />
        </div>
        <section aria-label="Recording" className={section}>
          <h3 className="font-semibold text-white">Recording</h3>
          <RecordingControls send={send} recording={props.recording} canRecord={props.canRecord} youId={props.youId} />
        </section>
      </div>
    </Dialog>
  );
}

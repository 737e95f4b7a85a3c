/** The party client's own vocabulary, shared by the site's watch room and the extension. */
import type { ClientCommand, ModerationCommand, RecordingCommand } from "@/lib/sync";

/** What a page may post to its party: the sync protocol's commands and the host's moderation and recording ones (one route takes them all). */
export type PartyCommand = ClientCommand | ModerationCommand | RecordingCommand;

export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed";

/** How a view sends a command to its party (SyncSession.send): resolves with the answer body, rejects with the server's error. */
export type SendCommand = (command: PartyCommand) => Promise<unknown>;

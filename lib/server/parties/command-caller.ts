/** Who sends a party command, as the command handlers see them (handle-command.ts and the handlers it calls). */
export interface CommandCaller {
  id: string;
  displayName: string;
  /** A guest identity (no account). */
  isGuest: boolean;
  /** The caller's network address (rate-limit.ts clientKey); polls tell guest devices apart by it. */
  address: string;
}

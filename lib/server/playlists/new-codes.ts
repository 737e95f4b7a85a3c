import "server-only";
import { randomBytes } from "node:crypto";
import { newInviteCode } from "@/lib/server/parties/create-party";

export const SHARE_CODE_LENGTH = 8;

/** Short, read-aloud friendly (no 0/O, 1/I/L): what "Join with a Share Code" accepts. */
export const newShareCode = () => newInviteCode(SHARE_CODE_LENGTH);
/** Long and unguessable: it grants control, so it is never typed, only opened as a link. */
export const newAdminKey = () => randomBytes(18).toString("base64url");
export const newPlaylistId = () => randomBytes(12).toString("base64url");

/** "k7q2-m9xd " → "K7Q2M9XD": people copy codes with dashes, spaces and lower case. */
export function normalizeShareCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

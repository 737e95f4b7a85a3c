import "server-only";
/**
 * One command a member sends to a live party, whichever way it came: `POST .../commands` (the route
 * handler) or a frame on the party's command socket (lib/server/hot-path/command-socket.ts). The
 * caller is resolved and rate-limited by the transport; everything after that is here, so the two
 * answer alike.
 */
import { forbidden } from "@/lib/server/http/api-error";
import { metrics, timeCommand } from "@/lib/server/metrics/metrics";
import { requestIdOf, runOnce } from "@/lib/server/parties/command-replays";
import { handleCommand } from "@/lib/server/parties/handle-command";
import { handleModerationCommand } from "@/lib/server/parties/handle-moderation-command";
import { isPartyMember, partyMemberNow } from "@/lib/server/parties/membership";
import { partyCaller } from "@/lib/server/parties/member-caller";
import type { Room } from "@/lib/server/realtime/room";
import { getRoom, loadedRoom } from "@/lib/server/realtime/rooms";
import { handleRecordingCommand } from "@/lib/server/recordings/handle-recording-command";
import type { ApiOptions, SessionUser } from "@/lib/server/http/with-api";
import type { Limit } from "@/lib/server/rate-limit";
import { isModerationCommandInput, isRecordingCommandInput } from "@/lib/sync";

/** Hosts report every play/pause/seek and ping for clock sync: a generous per-caller budget (shared by both transports). */
export const PARTY_COMMAND_RATE_LIMIT: Limit = { windowSeconds: 10, max: 200 };

/** `POST /api/v1/parties/{id}/commands`'s checks before it runs (withApi's, or the hot path's). */
export const PARTY_COMMAND_API = { auth: "required", allowGuests: true, rateLimit: PARTY_COMMAND_RATE_LIMIT } as const satisfies ApiOptions;

export const NOT_A_MEMBER = "Join the party before sending to it.";

/**
 * `body`: any JSON; the protocol's own parsers validate it and name what is wrong. `address`: the
 * caller's network address as clientKey reads it (a poll counts one guest vote per device by it).
 */
export function runPartyCommand(partyId: string, user: SessionUser, body: unknown, receivedAt: number, address: string): Promise<unknown> {
  const m = metrics();
  if (!m) return handlePartyCommand(partyId, user, body, receivedAt, address);
  return timeCommand(m, performance.now(), handlePartyCommand(partyId, user, body, receivedAt, address));
}

async function handlePartyCommand(partyId: string, user: SessionUser, body: unknown, receivedAt: number, address: string): Promise<unknown> {
  // A live party this instance holds is read without a promise: commands are the hot path.
  const room = loadedRoom(partyId) ?? (await getRoom(partyId));
  // The host, and members the in-process bus has on record, are known without a promise.
  if (!(partyMemberNow(room, user.id) ?? (await isPartyMember(room, user.id)))) throw forbidden(NOT_A_MEMBER, "not_member");
  const caller = { ...partyCaller(user), isGuest: user.isGuest === true, address };
  // A command sent again after a dead connection (same `rid`) is applied once: see command-replays.ts.
  const rid = requestIdOf(body);
  if (rid !== null) {
    // The command itself is what the protocol's parsers see (the request id is the transport's).
    const { rid: _rid, ...command } = body as Record<string, unknown>;
    return runOnce(`${room.id}:${user.id}:${rid}`, () => dispatch(room, caller, command, receivedAt));
  }
  return dispatch(room, caller, body, receivedAt);
}

/** Whoever sends a command, as the handlers read them. */
type CommandCaller = ReturnType<typeof partyCaller> & { isGuest: boolean; address: string };

function dispatch(room: Room, caller: CommandCaller, body: unknown, receivedAt: number): Promise<unknown> {
  if (isModerationCommandInput(body)) return handleModerationCommand(room, caller, body);
  if (isRecordingCommandInput(body)) return handleRecordingCommand(room, caller, body);
  return handleCommand(room, caller, body, receivedAt);
}

import "server-only";
import { log } from "@/lib/server/log";
import { getRoom, loadedRoom } from "@/lib/server/realtime/rooms";
import { inAnyVoiceList, leaveVoice } from "./leave-voice";

/**
 * A member left the party (the leave endpoint, or joining another party): they leave its voice too.
 * Never fails the leave: a voice state left behind is cleared when the member's streams are gone.
 */
export async function leaveVoiceOfParty(partyId: string, memberId: string): Promise<void> {
  try {
    const room = loadedRoom(partyId) ?? (await getRoom(partyId));
    if (room.ended || !inAnyVoiceList(room.state.voice, memberId)) return;
    await leaveVoice(room, memberId);
  } catch (error) {
    log.warn({ err: error, partyId }, "[voice] leaving voice with the party");
  }
}

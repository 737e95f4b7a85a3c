import "server-only";
/**
 * "Watch together": a live party whose first media is the recording's, hosted by whoever may see the
 * recording. The host's replay page then plays the recording and reports it like any host's player.
 */
import { createPartyInputSchema } from "@/lib/schemas/party";
import { createParty, type PartyHost } from "@/lib/server/parties/create-party";
import type { PartyRow } from "@/lib/server/parties/party-row";
import type { RecordingStart } from "@/lib/sync";
import { getVisibleRecordingOrThrow } from "./recording-row";

export async function startRecordingParty(recordingId: string, host: PartyHost, visibility: "public" | "private"): Promise<PartyRow> {
  const { recording } = await getVisibleRecordingOrThrow(recordingId, host.id);
  const media = (recording.start as RecordingStart).media;
  const input = createPartyInputSchema.parse({
    video_url: media.url,
    video_title: (media.title || recording.title).slice(0, 300),
    synopsis: `Replay of "${recording.title}"`.slice(0, 1000),
    visibility,
  });
  return createParty(host, input);
}

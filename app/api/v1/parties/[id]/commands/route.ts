// POST /api/v1/parties/{id}/commands – one protocol command: host playback/drawing/moderation/recording (host only), chat (members), ping (clock sync)
import { z } from "zod";
import { idParamSchema } from "@/lib/schemas/common";
import { BoundedMap } from "@/lib/server/bounded-map";
import { PARTY_COMMAND_RATE_LIMIT, runPartyCommand } from "@/lib/server/parties/run-party-command";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { clientKey } from "@/lib/server/rate-limit";

export const dynamic = "force-dynamic";

/** Any JSON body: the protocol's own parser (in handleCommand) validates the command and names what is wrong. */
const ANY_BODY = z.unknown();

export const POST = withApi(
  async ({ req, params: raw, user }) => {
    const receivedAt = Date.now();
    const { id } = parsePartyId(raw);
    return runPartyCommand(id, user, await parseBody(req, ANY_BODY), receivedAt, clientKey(req));
  },
  // The same budget covers the party's command socket (lib/server/fast-path/command-socket.ts).
  { auth: "required", allowGuests: true, rateLimit: PARTY_COMMAND_RATE_LIMIT },
);

/**
 * `idParamSchema.parse`, remembering the ids that passed: a host sends every command to the same
 * party, and the schema's parse was a noticeable part of a command. A refused id is parsed each time
 * (the same 422 as ever). Bounded; the oldest id goes first.
 */
const parsedIds = new BoundedMap<string, { id: string }>(1000);

function parsePartyId(raw: unknown): { id: string } {
  const given = (raw as { id?: unknown } | null)?.id;
  if (typeof given === "string" && Object.keys(raw as object).length === 1) {
    const known = parsedIds.get(given);
    if (known) return known;
  }
  const parsed = idParamSchema.parse(raw);
  if (typeof given === "string" && parsed.id === given && Object.keys(raw as object).length === 1) {
    parsedIds.set(given, Object.freeze(parsed));
  }
  return parsed;
}

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

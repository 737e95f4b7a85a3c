// POST /api/v1/parties/{id}/commands – one protocol command: host playback/drawing/moderation/recording (host only), chat (members), ping (clock sync)
import { z } from "zod";
import { parsePartyId } from "@/lib/server/parties/party-id";
import { PARTY_COMMAND_API, runPartyCommand } from "@/lib/server/parties/run-party-command";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";
import { clientKey } from "@/lib/server/rate-limit";

export const dynamic = "force-dynamic";

/** Any JSON body: the protocol's own parser (in handleCommand) validates the command and names what is wrong. */
const ANY_BODY = z.unknown();

// The app's server answers this route on its hot path with the same function (lib/server/hot-path), and
// takes the same commands on the party's command socket (one rate-limit budget for both ways).
export const POST = withApi(async ({ req, params, user }) => {
  const receivedAt = Date.now();
  const { id } = parsePartyId(params);
  return runPartyCommand(id, user, await parseBody(req, ANY_BODY), receivedAt, clientKey(req));
}, PARTY_COMMAND_API);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

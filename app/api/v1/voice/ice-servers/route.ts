// GET /api/v1/voice/ice-servers – STUN/TURN servers for voice, with TURN credentials minted for the caller (guests too)
import { getEnv } from "@/lib/server/env";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { mintIceServers } from "@/lib/server/voice/mint-ice-servers";

export const dynamic = "force-dynamic";

// Minting changes nothing, but a credential is one per call: a modest budget keeps a loop from minting thousands.
export const GET = withApi(
  async ({ user }) => {
    const env = getEnv();
    const config = { stunUrls: env.VP_STUN_URLS, turnUrls: env.VP_TURN_URLS, turnSecret: env.VP_TURN_SECRET, ttlSeconds: env.VP_TURN_TTL_SECONDS };
    return Response.json(mintIceServers(config, user.id, Date.now()), { headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 60 } },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");

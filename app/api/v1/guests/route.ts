// POST /api/v1/guests – a short-lived guest identity (username only) to join or host live parties
import { guestInputSchema, guestTokenResponseSchema } from "@/lib/schemas/party";
import { issueGuestToken, GUEST_TOKEN_TTL_MS } from "@/lib/server/guests/guest-token";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req }) => {
    const { username } = await parseBody(req, guestInputSchema);
    const { token, guest } = issueGuestToken(username);
    return Response.json(
      guestTokenResponseSchema.parse({
        token,
        expires_at: new Date(guest.exp).toISOString(),
        expires_in_seconds: GUEST_TOKEN_TTL_MS / 1000,
        user: { id: guest.id, username: null, display_name: guest.name, is_guest: true },
      }),
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  },
  // Per client address: enough for a household or dorm behind one NAT, not for minting thousands.
  { rateLimit: { windowSeconds: 600, max: 60 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");

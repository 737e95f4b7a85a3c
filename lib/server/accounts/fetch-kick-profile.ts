import "server-only";
/** Asks Kick (or the configured stand-in) who an access token belongs to. */
import { parseKickProfile, type KickProfile } from "./kick-profile";
import { resolveKickEndpoints } from "./kick-endpoints";

const TIMEOUT_MS = 10_000;

/** The profile, or null when the provider refuses the token or answers something unreadable. */
export async function fetchKickProfile(accessToken: string): Promise<KickProfile | null> {
  const { userInfoUrl } = await resolveKickEndpoints();
  const res = await fetch(userInfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
    cache: "no-store",
  });
  if (!res.ok) return null;
  return parseKickProfile(await res.json().catch(() => null));
}

import "server-only";
/**
 * Server-side Twitch Helix client. It authenticates as the app (client credentials), so the app's
 * client id and token never reach a browser. The app token is cached until shortly before it
 * expires and fetched again once when Helix rejects it.
 */
import { z } from "zod";
import { getEnv } from "@/lib/server/env";
import { processState } from "@/lib/server/process-singleton";

export const TWITCH_DEFAULT_API_BASE_URL = "https://api.twitch.tv/helix";
export const TWITCH_DEFAULT_AUTH_BASE_URL = "https://id.twitch.tv/oauth2";
const TIMEOUT_MS = 8_000;
const EXPIRY_MARGIN_MS = 60_000;

/** Twitch is not configured, unreachable, or answered with an error. */
export class TwitchUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TwitchUnavailableError";
  }
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

interface AppToken {
  value: string;
  expiresAt: number;
}
const tokenHolder = processState("twitchToken", () => ({ token: undefined as AppToken | undefined }));

function config() {
  const env = getEnv();
  if (!env.TWITCH_CLIENT_ID || !env.TWITCH_CLIENT_SECRET) throw new TwitchUnavailableError("Twitch credentials are not configured");
  return {
    clientId: env.TWITCH_CLIENT_ID,
    clientSecret: env.TWITCH_CLIENT_SECRET,
    apiBase: (env.TWITCH_API_BASE_URL ?? TWITCH_DEFAULT_API_BASE_URL).replace(/\/+$/, ""),
    authBase: (env.TWITCH_AUTH_BASE_URL ?? TWITCH_DEFAULT_AUTH_BASE_URL).replace(/\/+$/, ""),
  };
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, cache: "no-store", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new TwitchUnavailableError(`Twitch request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function appToken(forceNew: boolean): Promise<string> {
  const cached = tokenHolder.token;
  if (!forceNew && cached && cached.expiresAt > Date.now()) return cached.value;
  const { clientId, clientSecret, authBase } = config();
  const res = await request(`${authBase}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: "client_credentials" }),
  });
  if (!res.ok) throw new TwitchUnavailableError(`Twitch token endpoint answered ${res.status}`);
  const parsed = tokenSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new TwitchUnavailableError("Twitch token endpoint answered an unreadable body");
  const token = { value: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 - EXPIRY_MARGIN_MS };
  tokenHolder.token = token;
  return token.value;
}

/** GET a Helix resource (`users`, `streams`) and parse the body with `schema`. */
export async function helixGet<S extends z.ZodType>(resource: string, query: Record<string, string>, schema: S): Promise<z.infer<S>> {
  const { clientId, apiBase } = config();
  const url = `${apiBase}/${resource}?${new URLSearchParams(query)}`;
  for (const forceNewToken of [false, true]) {
    const token = await appToken(forceNewToken);
    const res = await request(url, { headers: { "Client-Id": clientId, Authorization: `Bearer ${token}`, Accept: "application/json" } });
    if (res.status === 401 && !forceNewToken) continue; // token revoked or expired early: fetch a new one once
    if (!res.ok) throw new TwitchUnavailableError(`Twitch ${resource} answered ${res.status}`);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new TwitchUnavailableError(`Twitch ${resource} answered an unreadable body`);
    return parsed.data;
  }
  throw new TwitchUnavailableError(`Twitch ${resource} refused the app token`);
}

export const helixUserSchema = z.object({
  id: z.string(),
  login: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().optional().default(""),
});
export const helixUsersSchema = z.object({ data: z.array(helixUserSchema) });
export const helixStreamsSchema = z.object({ data: z.array(z.object({ user_id: z.string(), type: z.string().optional() })) });

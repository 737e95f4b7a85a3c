/**
 * The ViewParty API as the background calls it (the server sends no CORS headers; the extension's
 * host permission lets the service worker call it). Error rules follow the site's client:
 * HTML instead of JSON is an error with a fixed text, otherwise `detail`, then `message`, then
 * "API error". A network failure is a ServerUnreachableError.
 */
import { z } from "zod";
import { API_HTML_ERROR } from "@/lib/constants";
import { apiErrorMessage, isHtmlResponse } from "@/lib/api/error-message";
import { errorCodeOf, type ErrorCode } from "@/lib/schemas/error-code";
import { createPartyInputSchema, currentPartySchema, guestTokenResponseSchema, partyDetailSchema, type PartyDetail } from "@/lib/schemas/party";
import { ownUserSchema } from "@/lib/schemas/user";
import type { PartyCommand } from "./types";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's Retry-After in seconds (a 429, or a 503 while a service behind the server is down). */
    readonly retryAfterSeconds: number | null = null,
    /** What the refusal means, from the body's `code`: clients branch on it, never on the message. */
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /**
   * The server is up but a service behind it is not (503): nothing about the caller is wrong, so a
   * client keeps its session and token and tries again, no sooner than Retry-After.
   */
  get temporary(): boolean {
    return this.status === 503;
  }
}

/** Retry-After in seconds (the delta form; the date form is not sent by our server): null when absent. */
export function retryAfterOf(res: Pick<Response, "headers">): number | null {
  const value = Number(res.headers.get("retry-after") ?? NaN);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export class ServerUnreachableError extends Error {
  constructor(readonly serverUrl: string) {
    super(`Can't reach the ViewParty server at ${serverUrl}. Check your connection, or that the server is running.`);
    this.name = "ServerUnreachableError";
  }
}

const userSchema = ownUserSchema.pick({ id: true, username: true, display_name: true });
export type ApiUser = z.infer<typeof userSchema>;

const guestSchema = guestTokenResponseSchema;

/**
 * GET /api/v1/voice/ice-servers: the STUN/TURN servers for this member's peer connections (TURN
 * credentials minted per user, valid `ttlSeconds`). Read leniently: a server that lists none, or
 * predates voice, leaves host candidates, which suffice on one machine and a LAN.
 */
const iceServersSchema = z.object({
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
  ttlSeconds: z.number().optional(),
});

/** What the extension sends to start a party: the route's own input schema. */
export type CreatePartyBody = z.input<typeof createPartyInputSchema>;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class ApiClient {
  constructor(
    readonly serverUrl: string,
    private readonly fetchImpl: FetchLike = (input, init) => fetch(input, init),
  ) {}

  /** A raw request: throws ServerUnreachableError when the server cannot be reached. */
  async request(method: string, path: string, token: string | null, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Accept", headers.get("Accept") ?? "application/json");
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    try {
      return await this.fetchImpl(`${this.serverUrl}${path}`, {
        ...init,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "omit",
        cache: "no-store",
      });
    } catch (error) {
      // A caller's abort stays an abort; a timeout (AbortSignal.timeout) or a network failure is "unreachable".
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ServerUnreachableError(this.serverUrl);
    }
  }

  private async json(method: string, path: string, token: string | null, body?: unknown, init: RequestInit = {}): Promise<unknown> {
    const res = await this.request(method, path, token, body, init);
    if (res.status === 204) return null;
    if (isHtmlResponse(res)) throw new ApiRequestError(API_HTML_ERROR, res.status);
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ApiRequestError(errorMessage(data), res.status, retryAfterOf(res), errorCodeOf(data));
    return data;
  }

  /** The server answers within `timeoutMs` (a server that hangs counts as unreachable). */
  async health(timeoutMs?: number): Promise<void> {
    await this.json("GET", "/api/v1/health", null, undefined, timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) });
  }

  async me(token: string): Promise<ApiUser> {
    return userSchema.parse(await this.json("GET", "/api/v1/users/me", token));
  }

  async createGuest(username: string) {
    return guestSchema.parse(await this.json("POST", "/api/v1/guests", null, { username }));
  }

  async createParty(token: string, body: CreatePartyBody): Promise<PartyDetail> {
    return partyDetailSchema.parse(await this.json("POST", "/api/v1/parties", token, body));
  }

  async getParty(token: string, idOrCode: string): Promise<PartyDetail> {
    return partyDetailSchema.parse(await this.json("GET", `/api/v1/parties/${encodeURIComponent(idOrCode)}`, token));
  }

  async joinParty(token: string, idOrCode: string): Promise<PartyDetail> {
    return partyDetailSchema.parse(await this.json("POST", `/api/v1/parties/${encodeURIComponent(idOrCode)}/join`, token));
  }

  async currentParty(token: string) {
    return currentPartySchema.parse(await this.json("GET", "/api/v1/users/me/current-party", token)).current_party;
  }

  async leaveParty(token: string): Promise<void> {
    await this.json("DELETE", "/api/v1/users/me/leave-party", token);
  }

  /** The host ends the party for everyone (DELETE /api/v1/parties/{id}); anyone else gets the server's 403. */
  async endParty(token: string, partyId: string): Promise<void> {
    await this.json("DELETE", `/api/v1/parties/${encodeURIComponent(partyId)}`, token);
  }

  /** The host renames the party (PATCH /api/v1/parties/{id}): the room's title and its current video's. */
  async renameParty(token: string, partyId: string, videoTitle: string): Promise<void> {
    await this.json("PATCH", `/api/v1/parties/${encodeURIComponent(partyId)}`, token, { video_title: videoTitle });
  }

  /** One command by POST (PartyConnection's way when the command socket is not there): the answer body (a `pong` for a ping). */
  async command(token: string, partyId: string, command: PartyCommand): Promise<unknown> {
    return this.json("POST", `/api/v1/parties/${encodeURIComponent(partyId)}/commands`, token, command);
  }

  /** The ICE servers for voice; empty when the server has none (or is older than voice). */
  async voiceIceServers(token: string): Promise<RTCIceServer[]> {
    return iceServersSchema.parse(await this.json("GET", "/api/v1/voice/ice-servers", token)).iceServers;
  }

  /** Revokes an account's bearer (Better Auth sign-out). */
  async signOut(token: string): Promise<void> {
    await this.request("POST", "/api/auth/sign-out", token, {});
  }
}

/** The site's error reader: one rule for both. */
export const errorMessage = apiErrorMessage;

/**
 * Browser API client with the spec's rules: a 204 answers null; an HTML reply is an error
 * with a fixed message; a non-OK reply's message is the body's `detail`, else `message`, else
 * "API error"; the bearer token in storage key `jwt` is sent when present. A failure carries the
 * body's `code`: callers branch on it, never on the message.
 */
import { API_HTML_ERROR, STORAGE_KEYS } from "@/lib/constants";
import { errorCodeOf, type ErrorCode } from "@/lib/schemas/error-code";
import { apiErrorMessage, isHtmlResponse } from "./error-message";

export class ApiClientError extends Error {
  /** What the refusal means (null when the answer carried no code we know, e.g. an HTML page). */
  readonly code: ErrorCode | null;
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiClientError";
    this.code = errorCodeOf(body);
  }
}

function storedToken(): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(STORAGE_KEYS.jwt);
  } catch {
    return null;
  }
}

const messageFrom = apiErrorMessage;

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
}

export async function apiFetch<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers: extraHeaders, ...rest } = init;
  const headers = new Headers(extraHeaders);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const token = storedToken();
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);

  const response = await fetch(path, {
    credentials: "same-origin",
    ...rest,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });

  if (response.status === 204) return null as T;
  if (isHtmlResponse(response)) throw new ApiClientError(API_HTML_ERROR, response.status);

  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw new ApiClientError(messageFrom(body), response.status, body);
  return body as T;
}

/** SWR fetcher: the key is the API path. */
export const swrFetcher = <T>(path: string): Promise<T> => apiFetch<T>(path);

import "server-only";
/**
 * What the API's checks read of a request (its method, absolute URL and headers), as a plain
 * interface: a route handler passes its web `Request` (which has all three), the app's hot path
 * (lib/server/hot-path) passes what it read off the Node request, without building a Request.
 */

export interface HeaderReader {
  get(name: string): string | null;
}

export interface RequestHead {
  method: string;
  /** Absolute, as `Request.url`. */
  url: string;
  headers: HeaderReader;
}

/**
 * Headers that can also give a web Headers of themselves (Better Auth's session lookup needs one):
 * the hot path's view of a Node request's headers.
 */
export interface ConvertibleHeaders extends HeaderReader {
  toHeaders(): Headers;
}

/** A real Headers for a request's headers. */
export function toWebHeaders(headers: HeaderReader): Headers {
  if (headers instanceof Headers) return headers;
  const convertible = headers as Partial<ConvertibleHeaders>;
  if (typeof convertible.toHeaders === "function") return convertible.toHeaders();
  throw new TypeError("Not a request's headers");
}

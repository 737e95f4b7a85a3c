/**
 * Requests the custom server answers itself, before Next sees them, so that they get a 4xx with the
 * API's `{detail, code}` body instead of a bare status or a 500:
 *
 * - A malformed percent-escape in the path (`/%ff`, `/%E0%A4%A`, a lone `%`): Next decodes the path
 *   before any route or page runs and throws, answering a plain-text 500. We answer 400: the error
 *   body under /api, a small page everywhere else.
 * - Requests Node's HTTP parser refuses (headers or URL over Node's 16 KB limit, broken HTTP): Node
 *   would answer a bare 431 or 400 and close the connection. A request that did not arrive whole in
 *   time (server.requestTimeout) gets a 408.
 */

/** True when the path (the URL before `?`) does not percent-decode to valid UTF-8. */
export function hasMalformedPath(url) {
  const pathname = (url ?? "/").split("?", 1)[0];
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const DETAIL = "The URL is not valid: it contains a malformed percent-escape.";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>400 - Bad Request | ViewParty</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0c10; color: #cbd5e1;
         font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: center; }
  h1 { color: #fff; font-size: 2.25rem; margin: 0; }
  p { font-size: 1.125rem; margin: 1rem 0 2rem; }
  a { display: inline-block; border-radius: .375rem; background: #67e8f9; color: #020617; font-weight: 600;
      padding: .5rem 1.25rem; text-decoration: none; }
  a:hover { background: #a5f3fc; }
</style>
</head>
<body>
<main>
  <h1>400 - Bad Request</h1>
  <p>This address is not valid: it contains a malformed percent-escape.</p>
  <a href="/">Go Home</a>
</main>
</body>
</html>
`;

/** Answers 400 for a malformed path; returns whether it did. */
export function rejectMalformedUrl(req, res) {
  if (!hasMalformedPath(req.url)) return false;
  const isApi = /^\/api(?:\/|$)/.test(req.url ?? "");
  const body = isApi ? JSON.stringify({ detail: DETAIL, code: "bad_request" }) : PAGE;
  res.writeHead(400, {
    "Content-Type": isApi ? "application/json" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * For the server's 'clientError' event: the request could not be parsed, so there is no path to look
 * at, and the error body is JSON.
 */
export function answerClientError(error, socket) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    // The request did not arrive whole in time (server.requestTimeout; a trickled body). Answered as
    // Node would answer it, unless the app already began its response (then only closed).
    if (socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ detail: "The request took too long to arrive. Please try again.", code: "request_timeout" });
    socket.end(
      `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  const body = JSON.stringify(
    tooLarge
      ? { detail: "The request's URL or headers are too large (at most 16 KB).", code: "request_header_fields_too_large" }
      : { detail: "The request is not valid HTTP.", code: "bad_request" },
  );
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

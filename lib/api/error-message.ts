/**
 * The message of a failed API answer, for the site and the extension alike: the body's `detail`, else
 * its `message`, else the fixed "API error" text. (Branch on the body's `code`, never on this text:
 * see errorCodeOf in lib/schemas/error-code.)
 */
import { API_DEFAULT_ERROR } from "@/lib/constants";

export function apiErrorMessage(body: unknown): string {
  if (body && typeof body === "object") {
    const { detail, message } = body as { detail?: unknown; message?: unknown };
    if (typeof detail === "string" && detail) return detail;
    if (typeof message === "string" && message) return message;
  }
  return API_DEFAULT_ERROR;
}

/** An HTML page where JSON was expected (a proxy's error page, a login wall): an error of its own. */
export function isHtmlResponse(res: Pick<Response, "headers">): boolean {
  return /\btext\/html\b/i.test(res.headers.get("content-type") ?? "");
}

import "server-only";
/**
 * Answers for the HTTP methods a route does not serve. Next answers those with an empty 405 and no
 * `Allow` header, and its automatic OPTIONS lists every exported method; API clients read `detail`
 * from every error. So each /api/v1 route ends with
 *
 *   export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
 *
 * naming the methods it serves. The return type has no key for a served method, so exporting one of
 * those by mistake does not compile. GET implies HEAD (Next answers HEAD with the GET handler).
 */
import { errorJson } from "./error-response";

export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
type ApiMethod = (typeof API_METHODS)[number];
type ServedMethod = Exclude<ApiMethod, "HEAD">;
type Handler = (req: Request) => Response;
type Unserved<A extends ServedMethod> = Exclude<ApiMethod, A | ("GET" extends A ? "HEAD" : never)>;

export function otherMethods<A extends ServedMethod>(...served: A[]): Record<Unserved<A> | "OPTIONS", Handler> {
  const allowed = new Set<string>([...served, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  const allow = [...allowed].sort().join(", ");
  const notAllowed: Handler = (req) =>
    errorJson(405, `${req.method} is not supported here. Use ${allow}.`, "method_not_allowed", { Allow: allow });
  const handlers: Record<string, Handler> = {
    OPTIONS: () => new Response(null, { status: 204, headers: { Allow: allow } }),
  };
  for (const method of API_METHODS) if (!allowed.has(method)) handlers[method] = notAllowed;
  return handlers as Record<Unserved<A> | "OPTIONS", Handler>;
}

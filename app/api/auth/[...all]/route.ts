/**
 * Better Auth's catch-all (/api/auth/*). Sign-in attempts pass our limiter first: per account
 * identifier and client, so guessing one account's password is throttled without locking others out.
 */
import { getAuth } from "@/lib/server/auth";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { clientKey, enforceRateLimit } from "@/lib/server/rate-limit";
import { SIGN_IN_RATE_LIMIT } from "@/lib/constants";

const SIGN_IN_PATH = /\/sign-in\/(email|username)$/;
const SIGN_UP_PATH = /\/sign-up\/email$/;
const PER_CLIENT_LIMIT = { windowSeconds: 60, max: 100 } as const;
const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

async function guard(req: Request): Promise<void> {
  if (req.method !== "POST") return;
  const { pathname } = new URL(req.url);
  const client = clientKey(req);
  if (SIGN_IN_PATH.test(pathname)) {
    const body = (await req.clone().json().catch(() => ({}))) as { email?: unknown; username?: unknown };
    const identity = String(body.email ?? body.username ?? "").trim().toLowerCase();
    enforceRateLimit(`sign-in:${client}:${identity}`, SIGN_IN_RATE_LIMIT, TOO_MANY_SIGN_INS);
    enforceRateLimit(`sign-in:${client}`, PER_CLIENT_LIMIT, TOO_MANY_SIGN_INS);
  } else if (SIGN_UP_PATH.test(pathname)) {
    enforceRateLimit(`sign-up:${client}`, PER_CLIENT_LIMIT);
  }
}

async function handle(req: Request): Promise<Response> {
  try {
    await guard(req);
    return await (await getAuth()).handler(req);
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const GET = handle;
export const POST = handle;

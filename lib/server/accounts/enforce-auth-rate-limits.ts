import "server-only";
/**
 * Rate limits in front of Better Auth's sign-in and sign-up. A password guess is counted against the
 * account it targets, resolved the way Better Auth resolves it (the username of /sign-in/username,
 * the e-mail of /sign-in/email: other fields in the body are ignored there, so they are here too),
 * and both forms of one account share a bucket. The per-(address, account) limit throttles guessing
 * one password; a higher per-address ceiling bounds trying many accounts from one address, without
 * locking everyone behind a shared address out of every account when one is attacked.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import { SIGN_IN_ADDRESS_RATE_LIMIT, SIGN_IN_RATE_LIMIT, SIGN_UP_ADDRESS_RATE_LIMIT } from "@/lib/constants";
import { USERNAME_MAX_LENGTH } from "@/lib/reserved-usernames";
import { hasControlCharacter, hasLoneSurrogate } from "@/lib/schemas/common";
import { clientKey, enforceRateLimit } from "@/lib/server/rate-limit";

export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

/** Longest e-mail address a mailbox can have (RFC 5321 path limit); longer cannot be an account. */
const EMAIL_MAX_LENGTH = 254;

const SIGN_IN_FORMS = {
  "/sign-in/email": { field: "email", column: user.email, maxLength: EMAIL_MAX_LENGTH },
  "/sign-in/username": { field: "username", column: user.username, maxLength: USERNAME_MAX_LENGTH },
} as const;
type SignInPath = keyof typeof SIGN_IN_FORMS;

function signInPath(pathname: string): SignInPath | null {
  const match = pathname.match(/\/sign-in\/(email|username)$/);
  return match ? (`/sign-in/${match[1]}` as SignInPath) : null;
}

/**
 * The bucket of the account a sign-in targets: its user id when it exists, so the username and
 * e-mail forms count together; else the identifier itself (hashed: it is client input of any
 * length, and the limiter's keys may live in Redis).
 */
export async function signInAccountKey(path: SignInPath, body: unknown): Promise<string> {
  const form = SIGN_IN_FORMS[path];
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>)[form.field] : undefined;
  const identifier = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  // Stored usernames and e-mails never hold control characters or unpaired surrogates (and PostgreSQL
  // refuses a NUL in a query), so such an identifier names no account: no lookup.
  if (identifier && identifier.length <= form.maxLength && !hasControlCharacter(identifier) && !hasLoneSurrogate(identifier)) {
    const db = await getDb();
    const [row] = await db.select({ id: user.id }).from(user).where(eq(form.column, identifier)).limit(1);
    if (row) return `user:${row.id}`;
  }
  return `unknown:${form.field}:${createHash("sha256").update(identifier).digest("base64url")}`;
}

/** Throws a 429 ApiError when this sign-in or sign-up attempt is over a limit. */
export async function enforceAuthRateLimits(req: Request): Promise<void> {
  if (req.method !== "POST") return;
  const { pathname } = new URL(req.url);
  const client = clientKey(req);
  const path = signInPath(pathname);
  if (path) {
    const body: unknown = await req
      .clone()
      .json()
      .catch(() => null);
    const account = await signInAccountKey(path, body);
    // Every attempt counts toward the address's ceiling, including those on an account already limited.
    await enforceRateLimit(`sign-in:${client}`, SIGN_IN_ADDRESS_RATE_LIMIT, TOO_MANY_SIGN_INS);
    await enforceRateLimit(`sign-in:${client}:${account}`, SIGN_IN_RATE_LIMIT, TOO_MANY_SIGN_INS);
  } else if (/\/sign-up\/email$/.test(pathname)) {
    await enforceRateLimit(`sign-up:${client}`, SIGN_UP_ADDRESS_RATE_LIMIT);
  }
}

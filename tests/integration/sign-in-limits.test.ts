/**
 * Sign-in rate limits against the real app: counted per (client address, targeted account), with
 * the username and e-mail forms of an account in one bucket and extra body fields ignored, plus a
 * higher ceiling per address. The app trusts X-Forwarded-For here (VP_TRUST_PROXY=1, as behind a
 * reverse proxy), so each test signs in from addresses of its own.
 */
import { SIGN_IN_ADDRESS_RATE_LIMIT, SIGN_IN_RATE_LIMIT } from "@/lib/constants";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(180_000);

const TOO_MANY = { detail: "Too many sign-in attempts. Please wait a minute and try again.", code: "rate_limited" };
const PASSWORD = "correct-horse-battery";

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ env: { VP_TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await app?.stop();
});

let addressCounter = 0;
/** A documentation-range address (RFC 5737) no other test uses. */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

function signIn(address: string, path: "username" | "email", body: Record<string, unknown>): Promise<Response> {
  return new Client(app.baseUrl).post(`/api/auth/sign-in/${path}`, body, { "X-Forwarded-For": address });
}

async function newAccount(prefix: string): Promise<{ username: string; email: string }> {
  const username = uniqueName(prefix);
  expect((await new Client(app.baseUrl).signUp(username, PASSWORD)).status).toBe(200);
  return { username, email: `${username}@example.test` };
}

async function expectLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(await res.json()).toEqual(TOO_MANY);
}

test("a decoy e-mail sent beside the username does not dodge the account's limit", async () => {
  const { username } = await newAccount("decoy");
  const address = newAddress();
  // Sent together: all of them fall inside one limit window even on a slow machine (each is a password check).
  const guesses = Array.from({ length: SIGN_IN_RATE_LIMIT.max }, (_, i) =>
    signIn(address, "username", { username, email: `decoy-${i}@example.test`, password: `wrong-${i}-password` }),
  );
  for (const res of await Promise.all(guesses)) expect(res.status).toBe(401);
  await expectLimited(await signIn(address, "username", { username, email: "one-more-decoy@example.test", password: PASSWORD }));
});

test("the username and e-mail forms of one account count in one bucket", async () => {
  const { username, email } = await newAccount("forms");
  const address = newAddress();
  const half = SIGN_IN_RATE_LIMIT.max / 2;
  const guesses = Array.from({ length: SIGN_IN_RATE_LIMIT.max }, (_, i) =>
    i < half
      ? signIn(address, "username", { username: username.toUpperCase(), password: `wrong-${i}` })
      : signIn(address, "email", { email: email.toUpperCase(), password: `wrong-${i}` }),
  );
  for (const res of await Promise.all(guesses)) expect(res.status).toBe(401);

  // Now locked for this address in either form, even with the right password.
  await expectLimited(await signIn(address, "email", { email, password: PASSWORD }));
  await expectLimited(await signIn(address, "username", { username, password: PASSWORD }));
  // The owner signing in from elsewhere is not locked out.
  expect((await signIn(newAddress(), "email", { email, password: PASSWORD })).status).toBe(200);
});

test("after one account is limited the address can still sign in to others, up to the per-address ceiling", async () => {
  const attacked = await newAccount("attacked");
  const other = await newAccount("other");
  const address = newAddress();
  let attempts = 0;
  const attempt = async (path: "username" | "email", body: Record<string, unknown>) => {
    attempts += 1;
    return signIn(address, path, body);
  };

  // Malformed attempts (no password) count too and answer at once, so this test's attempts all fall
  // inside one limit window however slow the machine is.
  const guesses = Array.from({ length: SIGN_IN_RATE_LIMIT.max }, () => attempt("username", { username: attacked.username }));
  for (const res of await Promise.all(guesses)) expect(res.status).toBe(400);
  await expectLimited(await attempt("username", { username: attacked.username, password: PASSWORD }));

  // Another account from the same address (another person behind the same NAT) still signs in.
  expect((await attempt("username", { username: other.username, password: PASSWORD })).status).toBe(200);

  // Many accounts from one address: the ceiling stops them. Every attempt counts, whatever the
  // account (unknown names too).
  const fillers = Array.from({ length: SIGN_IN_ADDRESS_RATE_LIMIT.max - attempts }, () => attempt("username", { username: uniqueName("probe") }));
  for (const res of await Promise.all(fillers)) expect(res.status).toBe(400);
  await expectLimited(await attempt("email", { email: other.email, password: PASSWORD }));
  // Other addresses are unaffected.
  expect((await signIn(newAddress(), "email", { email: other.email, password: PASSWORD })).status).toBe(200);
});

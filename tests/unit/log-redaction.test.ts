/**
 * The app's log lines leak no credential and no e-mail address, wherever it sits in what is logged:
 * a secret-named field at any depth, an Authorization or Cookie header, a message, an error's message.
 */
import { Writable } from "node:stream";
import { createLogger, loggedPath, requestIdFor } from "@/lib/server/log-core.mjs";

const EMAIL = "alice.smith+watch@example.org";
const TOKEN = "s3cr3t-session-token-value";
const PASSWORD = "correct horse battery staple";

function capture(): { lines: () => Record<string, unknown>[]; text: () => string; logger: ReturnType<typeof createLogger> } {
  let out = "";
  const destination = new Writable({
    write(chunk, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  return { logger, text: () => out, lines: () => out.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>) };
}

test("secret fields are redacted at any depth, headers included", () => {
  const { logger, text, lines } = capture();
  logger.info(
    {
      headers: { authorization: `Bearer ${TOKEN}`, cookie: `better-auth.session_token=${TOKEN}`, "user-agent": "jest" },
      body: { user: { password: PASSWORD, newPassword: PASSWORD }, accessToken: TOKEN, nested: [{ client_secret: TOKEN }] },
      token: TOKEN,
    },
    "sign in",
  );
  expect(text()).not.toContain(TOKEN);
  expect(text()).not.toContain(PASSWORD);
  const [line] = lines();
  expect(line).toMatchObject({ level: "info", msg: "sign in", headers: { authorization: "[Redacted]", cookie: "[Redacted]", "user-agent": "jest" } });
});

test("e-mail addresses and credentials in messages, nested strings and errors are masked", () => {
  const { logger, text, lines } = capture();
  logger.warn({ detail: { note: `sent to ${EMAIL}`, list: [EMAIL] } }, `user ${EMAIL} signed in with Bearer ${TOKEN}`);
  logger.error({ err: new Error(`duplicate key (email)=(${EMAIL}) ?token=${TOKEN}`) });
  logger.error(new Error(`no account for ${EMAIL}`));
  logger.info("printf %s", EMAIL);
  expect(text()).not.toContain(EMAIL);
  expect(text()).not.toContain(TOKEN);
  const [first, second, third] = lines();
  expect(first!.msg).toBe("user [email] signed in with Bearer [Redacted]");
  expect((second!.err as { message: string }).message).toContain("(email)=([email])");
  expect(second!.msg).toContain("[email]");
  expect(third!.msg).toBe("no account for [email]");
});

test("request ids: a sane incoming id is kept, anything else replaced; paths lose their query", () => {
  expect(requestIdFor("abc-123_x.y")).toBe("abc-123_x.y");
  for (const bad of ["", "a b", "x".repeat(65), "id\nforged", undefined]) expect(requestIdFor(bad)).toMatch(/^[0-9a-f-]{36}$/);
  expect(loggedPath(`/api/auth/verify-email?token=${TOKEN}&callbackURL=/`)).toBe("/api/auth/verify-email");
  expect(loggedPath(`/api/auth/reset-password/${TOKEN}`)).toBe("/api/auth/reset-password/[Redacted]");
});

/**
 * The real app's log lines (VP_LOG_LEVEL=debug, so the hot path's stream and socket lines are in too)
 * are JSON, name each request by the X-Request-Id it was answered with, and hold none of the secrets a
 * user's session went through: the password, the e-mail address, the session cookie or the bearer token.
 */
import WebSocket from "ws";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { bearer, command, createParty } from "./helpers/party";

jest.setTimeout(120_000);

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ env: { VP_LOG_LEVEL: "debug" } });
});
afterAll(() => app?.stop());

test("log lines are JSON with request ids, and carry no password, e-mail address or token", async () => {
  const username = uniqueName("logs");
  const email = `${username}@example.test`;
  const password = "Log-Secret-Password-42";
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/auth/sign-up/email", { email, password, name: username, username })).status).toBe(200);
  const signIn = await client.post("/api/auth/sign-in/email", { email, password });
  expect(signIn.status).toBe(200);
  const token = signIn.headers.get("set-auth-token")!;
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]!.split("=").slice(1).join("=")).find((value) => value.length > 20)!;
  expect(token).toBeTruthy();

  // A caller's sane X-Request-Id is kept; the answer names it.
  const me = await fetch(`${app.baseUrl}/api/v1/users/me`, { headers: { ...bearer(token), "X-Request-Id": "logs-test.me-1" } });
  expect(me.headers.get("x-request-id")).toBe("logs-test.me-1");

  const party = await createParty(app.baseUrl, token);
  const played = await command(app.baseUrl, party.id, token, { type: "play", position: 0 });
  expect(played.status).toBeLessThan(500);
  // An error answer, from the hot path, with a token in its query that must not be logged.
  const refused = await fetch(`${app.baseUrl}/api/v1/parties/${party.id}/commands?token=${token}`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ v: 1, type: "no-such-command" }),
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  const refusedId = refused.headers.get("x-request-id")!;
  expect(refusedId).toMatch(/^[0-9a-f-]{36}$/);

  // The command socket: its 101 names a request id too, and its frames are logged at debug.
  const ws = new WebSocket(`${app.baseUrl.replace(/^http/, "ws")}/api/v1/parties/${party.id}/commands`);
  const upgraded = new Promise<string>((resolve) => ws.once("upgrade", (res) => resolve(String(res.headers["x-request-id"]))));
  await new Promise((resolve) => ws.once("open", resolve));
  const upgradeId = await upgraded;
  ws.send(JSON.stringify({ type: "auth", token }));
  await new Promise((resolve) => ws.once("message", resolve));
  ws.send(JSON.stringify({ n: 1, command: { v: 1, type: "pause", position: 1 } }));
  await new Promise((resolve) => ws.once("message", resolve));
  ws.close();
  // A last request, so the lines above have been written.
  await fetch(`${app.baseUrl}/api/v1/health`);
  await new Promise((resolve) => setTimeout(resolve, 300));

  const lines = app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"));
  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.length).toBeGreaterThan(5);
  const requests = records.filter((record) => record.msg === "request");
  for (const record of requests) expect(record.reqId).toEqual(expect.any(String));
  expect(requests).toContainEqual(expect.objectContaining({ reqId: "logs-test.me-1", path: "/api/v1/users/me", status: 200 }));
  expect(requests).toContainEqual(expect.objectContaining({ reqId: refusedId, path: `/api/v1/parties/${party.id}/commands`, status: refused.status }));
  expect(records).toContainEqual(expect.objectContaining({ msg: "command frame", reqId: upgradeId, partyId: party.id, frame: 1 }));

  const all = app.output();
  for (const secret of [password, email, token, cookie, encodeURIComponent(email)]) expect(all).not.toContain(secret);
});

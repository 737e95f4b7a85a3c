/**
 * A command sent again after a dead connection is applied once: a member's client gives each of its
 * own commands a request id (`rid`) and sends it again with the same id when the connection died
 * under it, while the kernel may still deliver the first copy late (tests/netfault/ does that on a real
 * blackout). Here the two copies arrive as two POSTs.
 */
import { command, createParty, guestToken, livePartyApp } from "./helpers/party";
import { uniqueName } from "./helpers/app";

jest.setTimeout(120_000);
const app = livePartyApp();

test("the same chat sent twice with one request id is posted once, and both copies get its answer", async () => {
  const host = await guestToken(app.baseUrl, uniqueName("rh"));
  const guest = await guestToken(app.baseUrl, uniqueName("rg"));
  const party = await createParty(app.baseUrl, host);
  const { stream } = await app.join(party.id, host);
  await app.join(party.id, guest);

  const rid = "0123456789abcdef0123456789abcdef";
  const [first, second] = await Promise.all([
    command(app.baseUrl, party.id, guest, { type: "chat", text: "once only", rid }),
    command(app.baseUrl, party.id, guest, { type: "chat", text: "once only", rid }),
  ]);
  const third = await command(app.baseUrl, party.id, guest, { type: "chat", text: "once only", rid });
  expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
  const answers = await Promise.all([first.json(), second.json(), third.json()]);
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);

  // Another id is another message.
  await command(app.baseUrl, party.id, guest, { type: "chat", text: "once only", rid: "another-request-id" });
  await stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "once only" && stream.events.filter((x) => x.data.type === "chat").length >= 2);
  await new Promise((r) => setTimeout(r, 300));
  expect(stream.events.filter((e) => e.data.type === "chat").map((e) => (e.data.message as { text: string }).text)).toEqual(["once only", "once only"]);
});

test("a malformed request id is a 422 and posts nothing; a command without one is applied as before", async () => {
  const host = await guestToken(app.baseUrl, uniqueName("rh"));
  const party = await createParty(app.baseUrl, host);
  const { stream } = await app.join(party.id, host);
  for (const rid of ["short", 42, "has spaces in it", "x".repeat(65)]) {
    const res = await command(app.baseUrl, party.id, host, { type: "chat", text: "nope", rid });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/rid/);
  }
  expect((await command(app.baseUrl, party.id, host, { type: "chat", text: "plain" })).status).toBe(200);
  await stream.waitFor((e) => e.type === "chat");
  expect(stream.events.filter((e) => e.data.type === "chat").map((e) => (e.data.message as { text: string }).text)).toEqual(["plain"]);
});

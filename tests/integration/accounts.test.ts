/**
 * Link/Unlink providers and Edit Info against the real app, with the OpenID Connect stand-in as
 * Google, Twitch and Kick: linking adds a way to sign in to the same user, unlinking is refused for
 * the last one and for another user's account, and username/e-mail changes stay unique.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { betterAuthProviderFlow, startStandIn, type StandIn } from "../support/stand-in";

jest.setTimeout(120_000);

let standIn: StandIn;
let app: RunningApp;
let n = 0;
/** Provider account ids unique across test files and runs: the files may share one database. */
const providerAccount = (name: string) => {
  n += 1;
  return uniqueName(name);
};

beforeAll(async () => {
  standIn = await startStandIn();
  app = await startApp({ env: standIn.env });
});
afterAll(async () => {
  await app?.stop();
  await standIn?.stop();
});

interface Linked {
  id: string;
  providerId: string;
  accountId: string;
}

async function emailUser() {
  const client = new Client(app.baseUrl);
  const username = uniqueName("acc");
  expect((await client.signUp(username)).status).toBe(200);
  return { client, username };
}

async function accounts(client: Client): Promise<Linked[]> {
  const res = await client.get("/api/auth/list-accounts");
  expect(res.status).toBe(200);
  return (await res.json()) as Linked[];
}

async function me(client: Client) {
  return (await (await client.get("/api/v1/users/me")).json()) as Record<string, unknown> & { id: string };
}

function link(client: Client, provider: string, account: string) {
  return betterAuthProviderFlow(
    client,
    { path: "/api/auth/link-social", provider, callbackURL: "/profile?link=done" },
    { kind: "login", account },
  );
}

test("link Google to an e-mail account, sign in with it, then unlink it", async () => {
  const { client, username } = await emailUser();
  const google = providerAccount("g");
  await standIn.control("accounts", { id: google, claims: { name: "Other Name", email: `${google}@gmail.test` } });

  const linked = await link(client, "google", google);
  expect(linked.status).toBe(302);
  expect(linked.headers.get("location")).toBe("/profile?link=done");
  expect((await accounts(client)).map((a) => a.providerId).sort()).toEqual(["credential", "google"]);

  // Google now signs in to the same user (a different e-mail is fine for an explicit link).
  const viaGoogle = new Client(app.baseUrl);
  await betterAuthProviderFlow(viaGoogle, { path: "/api/auth/sign-in/social", provider: "google" }, { kind: "login", account: google });
  const user = await me(viaGoogle);
  expect(user).toMatchObject({ username, provider_id: "google" });

  const googleRow = (await accounts(client)).find((a) => a.providerId === "google")!;
  const unlinked = await client.post("/api/auth/unlink-account", { accountId: googleRow.id });
  expect(unlinked.status).toBe(200);
  expect((await accounts(client)).map((a) => a.providerId)).toEqual(["credential"]);

  // Unlinked: Google signs in to a new, separate user now.
  const afterUnlink = new Client(app.baseUrl);
  await betterAuthProviderFlow(afterUnlink, { path: "/api/auth/sign-in/social", provider: "google" }, { kind: "login", account: google });
  expect((await me(afterUnlink)).id).not.toBe(user.id);
});

test("linking Twitch and Kick fills twitch_username and adds both providers", async () => {
  const { client } = await emailUser();
  const twitch = providerAccount("t");
  await standIn.control("accounts", { id: twitch, claims: { preferred_username: `LinkedStreamer${n}` } });
  expect((await link(client, "twitch", twitch)).headers.get("location")).toBe("/profile?link=done");
  expect(await me(client)).toMatchObject({ twitch_username: `linkedstreamer${n}` });

  const kick = providerAccount("k");
  expect((await link(client, "kick", kick)).headers.get("location")).toBe("/profile?link=done");
  expect((await accounts(client)).map((a) => a.providerId).sort()).toEqual(["credential", "kick", "twitch"]);
});

test("unlinking the last way to sign in is refused and keeps the account", async () => {
  const google = providerAccount("only");
  const client = new Client(app.baseUrl);
  await betterAuthProviderFlow(client, { path: "/api/auth/sign-in/social", provider: "google" }, { kind: "login", account: google });
  const [only] = await accounts(client);
  expect(only?.providerId).toBe("google");

  const res = await client.post("/api/auth/unlink-account", { accountId: only!.id });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toBe("You can't unlink your last account");
  expect(await accounts(client)).toHaveLength(1);
});

test("another user cannot unlink my provider", async () => {
  const owner = await emailUser();
  const google = providerAccount("mine");
  await link(owner.client, "google", google);
  const mine = (await accounts(owner.client)).find((a) => a.providerId === "google")!;

  const intruder = await emailUser();
  await link(intruder.client, "twitch", providerAccount("intruder"));
  const res = await intruder.client.post("/api/auth/unlink-account", { accountId: mine.id });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toBe("Account not found");
  expect((await accounts(owner.client)).some((a) => a.id === mine.id)).toBe(true);
});

test("a provider account already linked to someone else cannot be linked again", async () => {
  const google = providerAccount("taken");
  const first = await emailUser();
  await link(first.client, "google", google);
  const second = await emailUser();
  const res = await betterAuthProviderFlow(
    second.client,
    { path: "/api/auth/link-social", provider: "google", callbackURL: "/profile" },
    { kind: "login", account: google },
  );
  expect(res.headers.get("location")).toContain("error=account_already_linked_to_different_user");
  expect((await accounts(second.client)).map((a) => a.providerId)).toEqual(["credential"]);
});

test("a provider sign-in with an e-mail already registered does not take over that account", async () => {
  const { client, username } = await emailUser();
  const google = providerAccount("squat");
  await standIn.control("accounts", { id: google, claims: { email: `${username}@example.test` } });
  const stranger = new Client(app.baseUrl);
  const res = await betterAuthProviderFlow(stranger, { path: "/api/auth/sign-in/social", provider: "google" }, { kind: "login", account: google });
  expect(res.headers.get("location")).toContain("error=account_not_linked");
  expect((await stranger.get("/api/v1/users/me")).status).toBe(401);
  expect((await accounts(client)).map((a) => a.providerId)).toEqual(["credential"]);
});

describe("Edit Info", () => {
  const patch = (client: Client, body: unknown) => client.request("PATCH", "/api/v1/users/me/account", body);

  test("changes username, display name and e-mail; the session shows the new name", async () => {
    const { client } = await emailUser();
    const newName = uniqueName("Renamed");
    const res = await patch(client, { username: newName, display_name: "Renamed Person", email: `${newName}@new.test` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: newName.toLowerCase(), display_name: "Renamed Person", email: `${newName.toLowerCase()}@new.test` });
    const session = (await (await client.get("/api/auth/get-session")).json()) as { user: { name: string; username: string } };
    expect(session.user).toMatchObject({ name: "Renamed Person", username: newName.toLowerCase() });
    // The new username logs in.
    const login = await new Client(app.baseUrl).post("/api/auth/sign-in/username", { username: newName, password: "correct-horse-battery" });
    expect(login.status).toBe(200);
  });

  test("a taken username or e-mail, a reserved or malformed one is refused and nothing changes", async () => {
    const taken = await emailUser();
    const { client, username } = await emailUser();
    const before = await me(client);
    const cases: [unknown, number, string][] = [
      [{ username: taken.username.toUpperCase() }, 409, "Username is already taken. Please try another."],
      [{ email: `${taken.username}@example.test` }, 409, "That e-mail address is already used by another account."],
      [{ username: "profile" }, 422, "That username is reserved. Please choose another."],
      [{ username: "no spaces" }, 422, "username: Username may contain only letters, digits, underscores and dots."],
      [{ email: "not-an-address" }, 422, "email: Enter a valid e-mail address."],
      [{ display_name: "   " }, 422, "display_name: Display name is required."],
      [{}, 422, "Nothing to update."],
      [{ username: `${username}x`, is_admin: true }, 422, 'Unrecognized key: "is_admin"'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await patch(client, body);
      expect({ body, status: res.status, detail: ((await res.json()) as { detail: string }).detail }).toEqual({ body, status, detail });
    }
    expect(await me(client)).toEqual(before);
  });

  test("keeping one's own username is not a conflict; signed-out callers get 401", async () => {
    const { client, username } = await emailUser();
    expect((await patch(client, { username: username.toUpperCase(), display_name: "Same Me" })).status).toBe(200);
    const res = await new Client(app.baseUrl).request("PATCH", "/api/v1/users/me/account", { display_name: "x" });
    expect(res.status).toBe(401);
    expect(await res.json()).toHaveProperty("detail");
  });
});

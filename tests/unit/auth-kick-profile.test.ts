/** Kick's user endpoint answer (or an OpenID userinfo standing in for it) read into one profile. */
import { parseKickProfile } from "@/lib/server/accounts/kick-profile";

test("Kick's shape: { data: [{ user_id, name, email, profile_picture }] }", () => {
  expect(parseKickProfile({ data: [{ user_id: 123, name: "kicker", email: "k@kick.test", profile_picture: "https://p/1.png" }], message: "OK" })).toEqual({
    id: "123",
    name: "kicker",
    email: "k@kick.test",
    image: "https://p/1.png",
  });
});

test("an OpenID userinfo: sub, preferred_username, email, picture", () => {
  expect(parseKickProfile({ sub: "abc", preferred_username: "Pref", name: "Full Name", email: "a@b.test" })).toEqual({
    id: "abc",
    name: "Pref",
    email: "a@b.test",
    image: undefined,
  });
});

test("no e-mail from Kick: a stable placeholder per Kick user", () => {
  expect(parseKickProfile({ data: [{ user_id: "77", name: "quiet" }] })?.email).toBe("kick-77@users.noreply.invalid");
});

test.each([[null], [{}], [{ data: [] }], [{ data: [{ name: "no id" }] }], ["text"]])("unreadable answers give null: %j", (body) => {
  expect(parseKickProfile(body)).toBeNull();
});

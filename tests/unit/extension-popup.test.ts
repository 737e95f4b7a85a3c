/** @jest-environment jsdom */
/**
 * The popup: the clear messages (not signed in, server unreachable, unsupported page, no video), the
 * guest sign-in, "Start a party" with its options, the invite link and leaving.
 */
import "@testing-library/jest-dom";
import { screen, waitFor } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import type { PopupView } from "@/extension/src/messaging/protocol";
import { PopupApp, TEXT } from "@/extension/src/popup/popup-app";

const signedIn: PopupView["session"] = { kind: "account", displayName: "Ann", username: "ann" };
const readyTab: PopupView["tab"] = { status: "ready", url: "https://www.youtube.com/watch?v=abcdefghijk", title: "Trailer", platform: "YouTube", platformDomain: "youtube.com" };

function mount(views: PopupView[], answers: Record<string, unknown> = {}) {
  const calls: { type: string; data: unknown }[] = [];
  let index = 0;
  const runtime = {
    sendMessage: async (message: unknown) => {
      const { type, data } = message as { type: string; data: unknown };
      calls.push({ type, data });
      if (type === "popup:view") return { ok: true, value: views[Math.min(index++, views.length - 1)] };
      const answer = answers[type];
      if (answer instanceof Error) return { ok: false, error: answer.message };
      return { ok: true, value: answer ?? null };
    },
  };
  const copied: string[] = [];
  document.body.innerHTML = '<main id="app"></main>';
  const app = new PopupApp(document.getElementById("app")!, {
    runtime,
    tabId: 7,
    copy: async (text) => void copied.push(text),
    requestOrigin: async () => true,
    close: () => undefined,
  });
  return { app, calls, copied, load: app.load() };
}

const view = (overrides: Partial<PopupView>): PopupView => ({ serverUrl: "http://localhost:3000", serverError: null, session: null, party: null, tab: { status: "unsupported" }, ...overrides });

test("not signed in: the reason, sign-in and a guest name; guest sign-in goes to the background", async () => {
  const { calls, load } = mount([view({}), view({ session: { kind: "guest", displayName: "Gail", username: null }, tab: readyTab })]);
  await load;
  expect(screen.getByText(TEXT.notSignedIn)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText("Guest username"), "Gail");
  await userEvent.click(screen.getByRole("button", { name: "Continue as guest" }));
  await waitFor(() => expect(screen.getByText("Gail (guest)")).toBeInTheDocument());
  expect(calls.find((c) => c.type === "popup:signInGuest")?.data).toEqual({ username: "Gail" });
});

test("server unreachable, unsupported page and no-video page each say so", async () => {
  const unreachable = "Can't reach the ViewParty server at http://localhost:3000. Check your connection, or that the server is running.";
  let m = mount([view({ serverError: unreachable, session: signedIn })]);
  await m.load;
  expect(screen.getByRole("alert")).toHaveTextContent(unreachable);
  expect(screen.getByText(TEXT.unsupported)).toBeInTheDocument();

  m = mount([view({ session: signedIn, tab: { status: "no-video", platform: "YouTube" } })]);
  await m.load;
  expect(screen.getByText(TEXT.noVideo)).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Start a party" })).not.toBeInTheDocument();

  m = mount([view({ session: signedIn, tab: { status: "unreachable" } })]);
  await m.load;
  expect(screen.getByText(TEXT.unreachable)).toBeInTheDocument();
});

test("start a party with its options; errors from the server are shown", async () => {
  const party: PopupView["party"] = {
    id: "p1",
    inviteCode: "ABC123",
    role: "host",
    videoUrl: readyTab.status === "ready" ? readyTab.url : "",
    title: "Trailer",
    platform: "YouTube",
    tabId: 7,
    inviteUrl: "http://localhost:3000/parties?invite=ABC123",
    members: 1,
    state: "ACTIVE",
    hostDisplayName: "Ann",
  };
  const { calls, copied, load } = mount([view({ session: signedIn, tab: readyTab }), view({ session: signedIn, party })], {
    "popup:startParty": party,
  });
  await load;
  await userEvent.selectOptions(screen.getByLabelText("Visibility"), "private");
  await userEvent.selectOptions(screen.getByLabelText("Chat"), "twitch");
  await userEvent.type(screen.getByLabelText("Twitch channel"), "ann_tv");
  const latency = screen.getByLabelText("Streamer mode latency (seconds)");
  await userEvent.clear(latency);
  await userEvent.type(latency, "2.5");
  await userEvent.click(screen.getByRole("button", { name: "Start a party" }));
  await waitFor(() => expect(screen.getByText("You're hosting")).toBeInTheDocument());
  expect(calls.find((c) => c.type === "popup:startParty")?.data).toEqual({
    tabId: 7,
    visibility: "private",
    chatProvider: "twitch",
    twitchChannel: "ann_tv",
    streamerLatencyMs: 2500,
  });
  expect(screen.getByLabelText("Invite link")).toHaveValue("http://localhost:3000/parties?invite=ABC123");
  await userEvent.click(screen.getByRole("button", { name: "Copy invite link" }));
  expect(copied).toEqual(["http://localhost:3000/parties?invite=ABC123"]);
  await waitFor(() => expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument());
  await userEvent.click(screen.getByRole("button", { name: "End the party" }));
  expect(calls.some((c) => c.type === "popup:leaveParty")).toBe(true);
});

test("join by code; a refusal is shown in words", async () => {
  const { calls, load } = mount([view({ session: signedIn })], { "popup:joinByCode": new Error("Party not found.") });
  await load;
  await userEvent.type(screen.getByLabelText("Invite code"), "NOPE42");
  await userEvent.click(screen.getByRole("button", { name: "Join" }));
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Party not found."));
  expect(calls.find((c) => c.type === "popup:joinByCode")?.data).toEqual({ code: "NOPE42" });
});

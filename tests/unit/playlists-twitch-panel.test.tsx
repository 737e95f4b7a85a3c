/** @jest-environment jsdom */
/**
 * The playlist's Twitch panel: the bot's status and its reason shown live above the form, Connect
 * only once the settings are saved, Disconnect and Reconnect, and the replies and cooldown fields.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { TwitchPanel } from "@/components/playlists/twitch-panel";
import type { TwitchSettings } from "@/lib/schemas/playlist";

jest.setTimeout(30_000);

const base: TwitchSettings = {
  channel: "streamer",
  bot_username: "my_bot",
  command_prefix: "!add",
  has_oauth_token: true,
  replies_enabled: true,
  cooldown_seconds: 45,
  enabled: false,
  status: "disconnected",
  status_detail: null,
};

/** What the server holds now: the panel's reads answer it, and a write's answer replaces it. */
let current: TwitchSettings;

function renderPanel(settings: TwitchSettings) {
  current = settings;
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: () => Promise.resolve(current), dedupingInterval: 0 }}>
      <TwitchPanel playlistId="pl-1" />
    </SWRConfig>,
  );
}

function answer(body: TwitchSettings) {
  current = body;
  // jsdom has no Response: the fields apiFetch reads.
  const fetchMock = jest.fn(async () => ({ status: 200, ok: true, headers: new Headers({ "content-type": "application/json" }), text: async () => JSON.stringify(body) }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

test("an error shows its reason; Reconnect restarts the bot and Disconnect stops it", async () => {
  const user = userEvent.setup();
  renderPanel({ ...base, enabled: true, status: "error", status_detail: "Twitch refused the bot's login (Login authentication failed)." });
  const status = await screen.findByRole("status");
  expect(status).toHaveTextContent("Status: Error · #streamer");
  expect(status).toHaveTextContent("Login authentication failed");

  const fetchMock = answer({ ...base, enabled: true, status: "connecting" });
  await user.click(screen.getByRole("button", { name: "Reconnect" }));
  expect(fetchMock).toHaveBeenCalledWith("/api/v1/playlists/pl-1/twitch/connection", expect.objectContaining({ method: "POST" }));
  expect(await screen.findByText("Connecting")).toBeInTheDocument();

  const off = answer({ ...base, enabled: false, status: "disconnected" });
  await user.click(screen.getByRole("button", { name: "Disconnect" }));
  expect(off).toHaveBeenCalledWith("/api/v1/playlists/pl-1/twitch/connection", expect.objectContaining({ method: "DELETE" }));
  expect(await screen.findByRole("button", { name: "Connect" })).toBeEnabled();
});

test("Connect waits for the channel, the bot and a token", async () => {
  renderPanel({ ...base, has_oauth_token: false });
  expect(await screen.findByRole("button", { name: "Connect" })).toBeDisabled();
  expect(screen.getByText(/Save the channel, the bot username and an OAuth token to connect/)).toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("Status: Disconnected");
});

test("the form carries replies and the cooldown, and refuses a cooldown that is not a number of seconds", async () => {
  const user = userEvent.setup();
  renderPanel(base);
  await user.click(await screen.findByRole("button", { name: "Show" }));
  expect(await screen.findByLabelText("Cooldown per viewer (seconds)")).toHaveValue("45");
  expect(screen.getByRole("checkbox", { name: /Reply in chat/ })).toBeChecked();

  const fetchMock = answer({ ...base, cooldown_seconds: 10, replies_enabled: false });
  await user.clear(screen.getByLabelText("Cooldown per viewer (seconds)"));
  await user.type(screen.getByLabelText("Cooldown per viewer (seconds)"), "ten");
  await user.click(screen.getByRole("button", { name: "Save Twitch settings" }));
  // The form's action runs in a transition: its refusal renders once it has, which the click does not wait for
  // (the field is there all along, so wait for its description, not for the field).
  await waitFor(() => expect(screen.getByLabelText("Cooldown per viewer (seconds)")).toHaveAccessibleDescription(/Cooldown must be a whole number of seconds from 0 to 3600\./));
  expect(screen.getByRole("alert")).toHaveTextContent("Cooldown must be a whole number of seconds from 0 to 3600.");
  expect(fetchMock).not.toHaveBeenCalled();

  await user.clear(screen.getByLabelText("Cooldown per viewer (seconds)"));
  await user.type(screen.getByLabelText("Cooldown per viewer (seconds)"), "10");
  await user.click(screen.getByRole("checkbox", { name: /Reply in chat/ }));
  await user.click(screen.getByRole("button", { name: "Save Twitch settings" }));
  expect(await screen.findByText("Twitch settings saved.")).toBeInTheDocument();
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toMatchObject({ cooldown_seconds: 10, replies_enabled: false, channel: "streamer" });
});

test("every field's problem shows at once under its field; what was typed and ticked stays; nothing is sent", async () => {
  const user = userEvent.setup();
  renderPanel(base);
  await user.click(await screen.findByRole("button", { name: "Show" }));
  const fetchMock = answer(base);
  const channel = await screen.findByLabelText("Channel");
  const prefix = screen.getByLabelText("Command prefix");
  const cooldown = screen.getByLabelText("Cooldown per viewer (seconds)");
  await user.clear(channel);
  await user.type(channel, "no spaces allowed");
  await user.clear(prefix);
  await user.type(prefix, "! add");
  await user.clear(cooldown);
  await user.type(cooldown, "99999");
  await user.click(screen.getByRole("checkbox", { name: /Reply in chat/ }));
  await user.click(screen.getByRole("checkbox", { name: "Remove the saved token" }));
  await user.click(screen.getByRole("button", { name: "Save Twitch settings" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Channel must be a Twitch name (letters, digits, _).");
  expect(channel).toHaveAttribute("aria-invalid", "true");
  expect(channel).toHaveAccessibleDescription("Channel must be a Twitch name (letters, digits, _).");
  expect(prefix).toHaveAccessibleDescription("Command prefix cannot contain spaces.");
  expect(cooldown).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("Bot username")).toHaveAttribute("aria-invalid", "false");
  expect(fetchMock).not.toHaveBeenCalled();
  expect(channel).toHaveValue("no spaces allowed");
  expect(prefix).toHaveValue("! add");
  expect(cooldown).toHaveValue("99999");
  expect(screen.getByRole("checkbox", { name: /Reply in chat/ })).not.toBeChecked();
  expect(screen.getByRole("checkbox", { name: "Remove the saved token" })).toBeChecked();
  expect(screen.getByText("! add", { selector: "code", exact: false })).toBeInTheDocument();
});

test("while saving the button says Saving... and waits; a refusal keeps the fields and shows the reason", async () => {
  const user = userEvent.setup();
  renderPanel(base);
  await user.click(await screen.findByRole("button", { name: "Show" }));
  let refuse!: (value: unknown) => void;
  global.fetch = jest.fn(() => new Promise((resolve) => (refuse = resolve))) as unknown as typeof fetch;
  const bot = await screen.findByLabelText("Bot username");
  await user.clear(bot);
  await user.type(bot, "other_bot");
  await user.click(screen.getByRole("button", { name: "Save Twitch settings" }));
  expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();

  refuse({ status: 500, ok: false, headers: new Headers({ "content-type": "application/json" }), text: async () => JSON.stringify({ detail: "Twitch is down.", code: "internal" }) });
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Could not save the Twitch settings.");
  expect(alert).toHaveTextContent("Twitch is down.");
  expect(screen.getByRole("button", { name: "Save Twitch settings" })).toBeEnabled();
  expect(bot).toHaveValue("other_bot");
  expect(screen.getByRole("checkbox", { name: /Reply in chat/ })).toBeChecked();
});

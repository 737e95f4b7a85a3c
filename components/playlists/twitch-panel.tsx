"use client";
/**
 * Twitch integration (owner only): the channel, the bot's account and OAuth token, the chat command
 * viewers use to add videos, replies and the per-viewer cooldown; Connect / Disconnect for the chat
 * bot the server runs, and its live status (refreshed every few seconds). The token is write-only:
 * after saving, the form shows only that one is stored.
 */
import { useId, useState } from "react";
import { FieldError, Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { problemsOf } from "@/lib/forms/form-errors";
import { TWITCH_COOLDOWN_MAX_SECONDS, twitchSettingsInputSchema, type TwitchBotStatus, type TwitchSettings, type TwitchSettingsInput } from "@/lib/schemas/playlist";
import { errorText, saveTwitchSettings, setTwitchBotConnected, useTwitchSettings } from "./playlist-api";
import { StatusMessage } from "./status-message";
import { labelClass, panelClass } from "./styles";
import { useOutcomeAction, type OutcomeState, type Refusal } from "./use-outcome-action";
import { Button } from "@/components/ui/button";

interface Values {
  channel: string;
  botUsername: string;
  commandPrefix: string;
  oauthToken: string;
  cooldownSeconds: string;
  replies: boolean;
  removeToken: boolean;
  /** What the server holds, not a field: shown beside the token field. */
  hasToken: boolean;
}

/** The settings' fields as the API names them: a problem lands under its field. */
const FIELDS = ["channel", "bot_username", "command_prefix", "oauth_token", "cooldown_seconds"] as const;
type Field = (typeof FIELDS)[number];

const COOLDOWN_ERROR = `Cooldown must be a whole number of seconds from 0 to ${TWITCH_COOLDOWN_MAX_SECONDS}.`;

const STATUS_LABEL: Record<TwitchBotStatus, string> = {
  disconnected: "Disconnected",
  connecting: "Connecting",
  connected: "Connected",
  error: "Error",
};
const STATUS_CLASS: Record<TwitchBotStatus, string> = {
  disconnected: "text-slate-100",
  connecting: "text-amber-200",
  connected: "text-emerald-300",
  error: "text-red-300",
};

const fromSettings = (s: TwitchSettings): Values => ({
  channel: s.channel ?? "",
  botUsername: s.bot_username ?? "",
  commandPrefix: s.command_prefix || DEFAULT_TWITCH_COMMAND_PREFIX,
  oauthToken: "",
  cooldownSeconds: String(s.cooldown_seconds),
  replies: s.replies_enabled,
  removeToken: false,
  hasToken: s.has_oauth_token,
});

function readValues(form: FormData, last: Values): Values {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    channel: text("channel"),
    botUsername: text("botUsername"),
    commandPrefix: text("commandPrefix"),
    oauthToken: text("oauthToken"),
    cooldownSeconds: text("cooldownSeconds"),
    replies: form.get("repliesEnabled") !== null,
    removeToken: form.get("removeToken") !== null,
    hasToken: last.hasToken,
  };
}

/** The body to send; the cooldown is left out while it is not a number of seconds (checked apart). */
function inputOf(values: Values): TwitchSettingsInput {
  const cooldown = values.cooldownSeconds.trim();
  return {
    channel: values.channel,
    bot_username: values.botUsername,
    command_prefix: values.commandPrefix,
    replies_enabled: values.replies,
    ...(/^\d+$/.test(cooldown) && Number(cooldown) <= TWITCH_COOLDOWN_MAX_SECONDS ? { cooldown_seconds: Number(cooldown) } : {}),
    // Blank keeps the stored token; the box removes it.
    ...(values.removeToken ? { oauth_token: null } : values.oauthToken.trim() ? { oauth_token: values.oauthToken } : {}),
  };
}

/** Every field's problem at once: the schema's, and the cooldown's in the form's own words. */
function check(values: Values): Refusal<Field> | null {
  const input = inputOf(values);
  const problems = problemsOf(twitchSettingsInputSchema, input, FIELDS) ?? { fields: {}, messages: [] };
  if (input.cooldown_seconds === undefined) {
    problems.fields.cooldown_seconds = COOLDOWN_ERROR;
    problems.messages.push(COOLDOWN_ERROR);
  }
  return problems.messages.length ? { outcome: { kind: "error", text: problems.messages.join(" ") }, fieldErrors: problems.fields } : null;
}

function TwitchForm({ playlistId, settings }: { playlistId: string; settings: TwitchSettings }) {
  const { state, action, outcome } = useOutcomeAction<Values, Field>({
    initial: fromSettings(settings),
    read: readValues,
    check,
    send: async (values) => ({ text: "Twitch settings saved.", values: fromSettings(await saveTwitchSettings(playlistId, inputOf(values))) }),
    failure: "Could not save the Twitch settings.",
  });
  // The prefix typed since the last answer, for the example below the form (after an answer the field shows the answer's).
  const [typed, setTyped] = useState<{ after: OutcomeState<Values, Field>; prefix: string } | null>(null);
  const prefix = typed?.after === state ? typed.prefix : state.values.commandPrefix;
  const { values, fieldErrors } = state;
  const id = useId();

  /** A text field's error plumbing: marked and described while it has a problem. */
  const invalid = (field: Field, hintId?: string) => invalidFieldProps(`${id}-${field}-error`, fieldErrors[field], hintId);
  const error = (field: Field) => <FieldError id={`${id}-${field}-error`} message={fieldErrors[field]} />;

  return (
    <form action={action} noValidate className="mt-4 space-y-3">
      <div>
        <label htmlFor={`${id}-channel`} className={labelClass}>
          Channel
        </label>
        <Input id={`${id}-channel`} name="channel" autoComplete="off" spellCheck={false} defaultValue={values.channel} {...invalid("channel")} />
        {error("channel")}
      </div>
      <div>
        <label htmlFor={`${id}-token`} className={labelClass}>
          OAuth token
        </label>
        <Input
          id={`${id}-token`}
          name="oauthToken"
          type="password"
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.oauthToken}
          placeholder={values.hasToken ? "•••••••• (saved; type to replace)" : ""}
          {...invalid("oauth_token", `${id}-token-hint`)}
        />
        <p id={`${id}-token-hint`} className="mt-1 text-xs text-slate-300">
          {values.hasToken ? "A token is saved. It is never shown again." : "No token saved."}
        </p>
        {error("oauth_token")}
        {values.hasToken && (
          <label className="mt-1 flex items-center gap-2 text-xs text-slate-200">
            <input type="checkbox" name="removeToken" defaultChecked={values.removeToken} />
            Remove the saved token
          </label>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-bot`} className={labelClass}>
          Bot username
        </label>
        <Input id={`${id}-bot`} name="botUsername" autoComplete="off" spellCheck={false} defaultValue={values.botUsername} {...invalid("bot_username")} />
        {error("bot_username")}
      </div>
      <div>
        <label htmlFor={`${id}-prefix`} className={labelClass}>
          Command prefix
        </label>
        <Input
          id={`${id}-prefix`}
          name="commandPrefix"
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.commandPrefix}
          onChange={(e) => setTyped({ after: state, prefix: e.target.value })}
          {...invalid("command_prefix")}
        />
        {error("command_prefix")}
      </div>
      <div>
        <label htmlFor={`${id}-cooldown`} className={labelClass}>
          Cooldown per viewer (seconds)
        </label>
        <Input
          id={`${id}-cooldown`}
          name="cooldownSeconds"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.cooldownSeconds}
          {...invalid("cooldown_seconds", `${id}-cooldown-hint`)}
        />
        <p id={`${id}-cooldown-hint`} className="mt-1 text-xs text-slate-300">
          After one of their links is added, a viewer waits this long before adding another (0 for no wait).
        </p>
        {error("cooldown_seconds")}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" name="repliesEnabled" defaultChecked={values.replies} />
        Reply in chat (&quot;Added: …&quot;, refusals, cooldown)
      </label>
      <p className="text-xs text-slate-300">
        Viewers will type <code className="text-cyan-200">{prefix || DEFAULT_TWITCH_COMMAND_PREFIX} &lt;video link&gt;</code> in chat to add a video to this playlist.
      </p>
      <SubmitButton pendingLabel="Saving...">
        Save Twitch settings
      </SubmitButton>
      <StatusMessage outcome={outcome} />
    </form>
  );
}

function BotControls({ playlistId, settings, onChange }: { playlistId: string; settings: TwitchSettings; onChange: (next: TwitchSettings) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = Boolean(settings.channel && settings.bot_username && settings.has_oauth_token);

  async function toggle(connected: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await setTwitchBotConnected(playlistId, connected));
    } catch (err) {
      setFailure(errorText(err, connected ? "Could not connect the bot." : "Could not disconnect the bot."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        {settings.enabled ? (
          <>
            <Button disabled={busy} onClick={() => void toggle(false)} variant="secondary">
              Disconnect
            </Button>
            {settings.status === "error" && (
              <Button disabled={busy} onClick={() => void toggle(true)}>
                Reconnect
              </Button>
            )}
          </>
        ) : (
          <Button disabled={busy || !ready} onClick={() => void toggle(true)}>
            Connect
          </Button>
        )}
      </div>
      {!settings.enabled && !ready && <p className="text-xs text-slate-300">Save the channel, the bot username and an OAuth token to connect.</p>}
      {failure && (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      )}
    </div>
  );
}

export function TwitchPanel({ playlistId }: { playlistId: string }) {
  const [open, setOpen] = useState(false);
  // Read even while the panel is closed: the status line above the form stays live.
  const { data, error, mutate } = useTwitchSettings(playlistId);
  const id = useId();
  const status = data?.status ?? "disconnected";

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          Twitch Integration
        </h2>
        <Button aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)} variant="secondary">
          {open ? "Hide" : "Show"}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="mt-2 text-sm text-slate-300">
        <p>
          Status: <span className={`font-medium ${STATUS_CLASS[status]}`}>{STATUS_LABEL[status]}</span>
          {data?.enabled && data.channel && <span> · #{data.channel}</span>}
        </p>
        {data?.status_detail && <p className="mt-1 text-xs text-slate-200">{data.status_detail}</p>}
      </div>
      {data && <BotControls playlistId={playlistId} settings={data} onChange={(next) => void mutate(next, { revalidate: false })} />}
      <div id={`${id}-body`} hidden={!open}>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {errorText(error, "Could not load the Twitch settings.")}
          </p>
        ) : data ? (
          <TwitchForm playlistId={playlistId} settings={data} />
        ) : (
          open && <p className="mt-2 text-sm text-slate-300">Loading...</p>
        )}
      </div>
    </section>
  );
}

"use client";
/**
 * Twitch integration (owner only): the channel, the bot's account and OAuth token, the chat command
 * viewers use to add videos, replies and the per-viewer cooldown; Connect / Disconnect for the chat
 * bot the server runs, and its live status (refreshed every few seconds). The token is write-only:
 * after saving, the form shows only that one is stored.
 */
import { useId, useState, type FormEvent } from "react";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { TWITCH_COOLDOWN_MAX_SECONDS, type TwitchBotStatus, type TwitchSettings } from "@/lib/schemas/playlist";
import { errorText, saveTwitchSettings, setTwitchBotConnected, useTwitchSettings } from "./playlist-api";
import { StatusMessage, type Outcome } from "./status-message";
import { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "./styles";

interface Values {
  channel: string;
  botUsername: string;
  commandPrefix: string;
  oauthToken: string;
  cooldownSeconds: string;
}

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

const fromSettings = (s: TwitchSettings | undefined): Values => ({
  channel: s?.channel ?? "",
  botUsername: s?.bot_username ?? "",
  commandPrefix: s?.command_prefix ?? DEFAULT_TWITCH_COMMAND_PREFIX,
  oauthToken: "",
  cooldownSeconds: String(s?.cooldown_seconds ?? 30),
});

function TwitchForm({ playlistId, settings }: { playlistId: string; settings: TwitchSettings }) {
  const [values, setValues] = useState<Values>(fromSettings(settings));
  const [hasToken, setHasToken] = useState(settings.has_oauth_token);
  const [removeToken, setRemoveToken] = useState(false);
  const [replies, setReplies] = useState(settings.replies_enabled);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();

  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cooldown = Number(values.cooldownSeconds);
    if (!/^\d+$/.test(values.cooldownSeconds.trim()) || cooldown > TWITCH_COOLDOWN_MAX_SECONDS) {
      setOutcome({ kind: "error", text: `Cooldown must be a whole number of seconds from 0 to ${TWITCH_COOLDOWN_MAX_SECONDS}.` });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await saveTwitchSettings(playlistId, {
        channel: values.channel,
        bot_username: values.botUsername,
        command_prefix: values.commandPrefix,
        replies_enabled: replies,
        cooldown_seconds: cooldown,
        // Blank keeps the stored token; the box removes it.
        ...(removeToken ? { oauth_token: null } : values.oauthToken.trim() ? { oauth_token: values.oauthToken } : {}),
      });
      setValues(fromSettings(saved));
      setHasToken(saved.has_oauth_token);
      setRemoveToken(false);
      setReplies(saved.replies_enabled);
      setOutcome({ kind: "success", text: "Twitch settings saved." });
    } catch (err) {
      setOutcome({ kind: "error", text: "Could not save the Twitch settings.", detail: errorText(err, "") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
      <div>
        <label htmlFor={`${id}-channel`} className={labelClass}>
          Channel
        </label>
        <input id={`${id}-channel`} name="channel" autoComplete="off" spellCheck={false} value={values.channel} onChange={set("channel")} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-token`} className={labelClass}>
          OAuth token
        </label>
        <input
          id={`${id}-token`}
          name="oauthToken"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={values.oauthToken}
          onChange={set("oauthToken")}
          placeholder={hasToken ? "•••••••• (saved; type to replace)" : ""}
          aria-describedby={`${id}-token-hint`}
          className={inputClass}
        />
        <p id={`${id}-token-hint`} className="mt-1 text-xs text-slate-300">
          {hasToken ? "A token is saved. It is never shown again." : "No token saved."}
        </p>
        {hasToken && (
          <label className="mt-1 flex items-center gap-2 text-xs text-slate-200">
            <input type="checkbox" checked={removeToken} onChange={(e) => setRemoveToken(e.target.checked)} />
            Remove the saved token
          </label>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-bot`} className={labelClass}>
          Bot username
        </label>
        <input id={`${id}-bot`} name="botUsername" autoComplete="off" spellCheck={false} value={values.botUsername} onChange={set("botUsername")} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-prefix`} className={labelClass}>
          Command prefix
        </label>
        <input id={`${id}-prefix`} name="commandPrefix" autoComplete="off" spellCheck={false} value={values.commandPrefix} onChange={set("commandPrefix")} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-cooldown`} className={labelClass}>
          Cooldown per viewer (seconds)
        </label>
        <input
          id={`${id}-cooldown`}
          name="cooldownSeconds"
          inputMode="numeric"
          autoComplete="off"
          value={values.cooldownSeconds}
          onChange={set("cooldownSeconds")}
          aria-describedby={`${id}-cooldown-hint`}
          className={inputClass}
        />
        <p id={`${id}-cooldown-hint`} className="mt-1 text-xs text-slate-300">
          After one of their links is added, a viewer waits this long before adding another (0 for no wait).
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" name="repliesEnabled" checked={replies} onChange={(e) => setReplies(e.target.checked)} />
        Reply in chat (&quot;Added: …&quot;, refusals, cooldown)
      </label>
      <p className="text-xs text-slate-300">
        Viewers will type <code className="text-cyan-200">{values.commandPrefix || DEFAULT_TWITCH_COMMAND_PREFIX} &lt;video link&gt;</code> in chat to add a video to this playlist.
      </p>
      <button type="submit" disabled={saving} className={primaryButtonClass}>
        {saving ? "Saving..." : "Save Twitch settings"}
      </button>
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
            <button type="button" disabled={busy} onClick={() => void toggle(false)} className={secondaryButtonClass}>
              Disconnect
            </button>
            {settings.status === "error" && (
              <button type="button" disabled={busy} onClick={() => void toggle(true)} className={primaryButtonClass}>
                Reconnect
              </button>
            )}
          </>
        ) : (
          <button type="button" disabled={busy || !ready} onClick={() => void toggle(true)} className={primaryButtonClass}>
            Connect
          </button>
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
        <button type="button" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)} className={secondaryButtonClass}>
          {open ? "Hide" : "Show"}
        </button>
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

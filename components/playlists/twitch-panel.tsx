"use client";
/**
 * Twitch integration (owner only): the channel, the bot's account and OAuth token, and the chat
 * command viewers will use to add videos. The settings are saved on the server; the chat bot that
 * uses them is not running yet, so the status says "Disconnected" and nothing pretends to connect.
 * The token is write-only: after saving, the form shows only that one is stored.
 */
import { useId, useState, type FormEvent } from "react";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import type { TwitchSettings } from "@/lib/schemas/playlist";
import { errorText, saveTwitchSettings, useTwitchSettings } from "./playlist-api";
import { StatusMessage, type Outcome } from "./status-message";
import { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "./styles";

interface Values {
  channel: string;
  botUsername: string;
  commandPrefix: string;
  oauthToken: string;
}

const fromSettings = (s: TwitchSettings | undefined): Values => ({
  channel: s?.channel ?? "",
  botUsername: s?.bot_username ?? "",
  commandPrefix: s?.command_prefix ?? DEFAULT_TWITCH_COMMAND_PREFIX,
  oauthToken: "",
});

function TwitchForm({ playlistId, settings }: { playlistId: string; settings: TwitchSettings }) {
  const [values, setValues] = useState<Values>(fromSettings(settings));
  const [hasToken, setHasToken] = useState(settings.has_oauth_token);
  const [removeToken, setRemoveToken] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();

  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await saveTwitchSettings(playlistId, {
        channel: values.channel,
        bot_username: values.botUsername,
        command_prefix: values.commandPrefix,
        // Blank keeps the stored token; the box removes it.
        ...(removeToken ? { oauth_token: null } : values.oauthToken.trim() ? { oauth_token: values.oauthToken } : {}),
      });
      setValues(fromSettings(saved));
      setHasToken(saved.has_oauth_token);
      setRemoveToken(false);
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
      <p className="text-xs text-slate-300">
        Viewers will type <code className="text-cyan-200">{values.commandPrefix || DEFAULT_TWITCH_COMMAND_PREFIX} &lt;video link&gt;</code> in chat to queue a video.
      </p>
      <button type="submit" disabled={saving} className={primaryButtonClass}>
        {saving ? "Saving..." : "Save Twitch settings"}
      </button>
      <StatusMessage outcome={outcome} />
    </form>
  );
}

export function TwitchPanel({ playlistId }: { playlistId: string }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useTwitchSettings(open ? playlistId : null);
  const id = useId();

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
      <p className="mt-2 text-sm text-slate-300">
        Status: <span className="font-medium text-slate-100">Disconnected</span>
      </p>
      <div id={`${id}-body`} hidden={!open}>
        <p className="mt-2 text-xs text-slate-300">
          The chat bot that adds videos from Twitch chat is not available yet. Your settings are saved for when it is.
        </p>
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

"use client";
/**
 * Twitch integration (spec §2): viewers add videos from chat with a command. The panel collects the
 * channel, bot credentials and command prefix; connecting is a placeholder, so the status stays
 * "Disconnected". The OAuth token is never stored: it lives only in this component's state.
 */
import { useId, useState, type FormEvent } from "react";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "./styles";
import { usePlaceholderAction } from "./use-placeholder-action";

const FIELDS = [
  { name: "channel", label: "Channel", type: "text", autoComplete: "off" },
  { name: "oauthToken", label: "OAuth token", type: "password", autoComplete: "off" },
  { name: "botUsername", label: "Bot username", type: "text", autoComplete: "off" },
  { name: "commandPrefix", label: "Command prefix", type: "text", autoComplete: "off" },
] as const;

type FieldName = (typeof FIELDS)[number]["name"];

export function TwitchPanel() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<FieldName, string>>({
    channel: "",
    oauthToken: "",
    botUsername: "",
    commandPrefix: DEFAULT_TWITCH_COMMAND_PREFIX,
  });
  const connect = usePlaceholderAction();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    connect.run();
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          Twitch Integration
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((v) => !v)}
          className={secondaryButtonClass}
        >
          {open ? "Hide" : "Show"}
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-300">
        Status: <span className="font-medium text-slate-100">Disconnected</span>
      </p>
      <form id={`${id}-body`} hidden={!open} onSubmit={onSubmit} className="mt-4 space-y-3">
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`${id}-${field.name}`} className={labelClass}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              spellCheck={false}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              className={inputClass}
            />
          </div>
        ))}
        <p className="text-xs text-slate-300">
          Viewers type <code className="text-cyan-200">{values.commandPrefix || DEFAULT_TWITCH_COMMAND_PREFIX} &lt;video link&gt;</code> in
          chat to queue a video.
        </p>
        <button type="submit" disabled={connect.pending} className={primaryButtonClass}>
          {connect.pending ? "Connecting..." : "Connect"}
        </button>
        <p role="status" className="min-h-5 text-sm text-cyan-200">
          {connect.message}
        </p>
      </form>
    </section>
  );
}

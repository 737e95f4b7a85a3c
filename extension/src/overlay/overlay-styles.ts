/** The overlay's stylesheet, scoped by its shadow root (nothing leaks into the page or in from it). */
export const OVERLAY_CSS = `
:host { all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #e2e8f0; }
* { box-sizing: border-box; }
.canvas { position: fixed; pointer-events: none; touch-action: none; }
.canvas.drawing { pointer-events: auto; cursor: crosshair; }
.panel { position: fixed; top: 12px; right: 12px; bottom: 12px; width: 300px; display: flex; flex-direction: column;
  pointer-events: auto; background: rgba(15, 23, 42, 0.94); border: 1px solid #334155; border-radius: 10px; overflow: hidden;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4); }
.panel[hidden] { display: none; }
.head { padding: 10px 12px; border-bottom: 1px solid #334155; display: grid; gap: 4px; }
.title { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-weight: 600; color: #66fcf1; }
.badge { font-size: 11px; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: #14532d; color: #bbf7d0; }
.badge.warn { background: #713f12; color: #fde68a; }
.badge.error { background: #7f1d1d; color: #fecaca; }
.meta { display: flex; gap: 10px; flex-wrap: wrap; color: #cbd5e1; font-size: 12px; }
.status { font-size: 12px; color: #94a3b8; }
.notice { margin: 8px 12px 0; padding: 6px 8px; border-radius: 6px; background: #422006; color: #fde68a; font-size: 12px; }
.notice[hidden] { display: none; }
.recording { margin: 8px 12px 0; padding: 6px 8px; border-radius: 6px; background: #7f1d1d; color: #fecaca; font-size: 12px; font-weight: 600; }
.recording[hidden] { display: none; }
.tools { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #334155; }
.tools[hidden] { display: none; }
.chat { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.messages { flex: 1; overflow-y: auto; list-style: none; margin: 0; padding: 8px 12px; display: grid; gap: 6px; align-content: start; }
.messages li { word-wrap: break-word; }
.who { font-weight: 600; color: #66fcf1; margin-right: 4px; }
button.report { margin-left: 6px; padding: 1px 6px; font-size: 11px; background: transparent; color: #94a3b8; text-decoration: underline; }
.reported { color: #94a3b8; }
.twitch { flex: 1; width: 100%; border: 0; background: #18181b; }
form { display: flex; gap: 6px; padding: 8px 12px; border-top: 1px solid #334155; }
input[type=text] { flex: 1; min-width: 0; padding: 6px 8px; border-radius: 6px; border: 1px solid #475569; background: #0f172a; color: #e2e8f0; font: inherit; }
input[type=color] { width: 32px; height: 28px; padding: 0; border: 1px solid #475569; border-radius: 6px; background: none; }
button { padding: 6px 10px; border-radius: 6px; border: 0; background: #66fcf1; color: #0f172a; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: #334155; color: #e2e8f0; }
button[aria-pressed=true] { background: #f59e0b; color: #0f172a; }
.poll { padding: 8px 12px; border-bottom: 1px solid #334155; display: grid; gap: 6px; }
.poll[hidden] { display: none; }
.poll-question { font-weight: 600; }
.poll-options { display: grid; gap: 4px; }
.poll-option { display: flex; justify-content: space-between; gap: 8px; text-align: left; }
.poll-option:disabled { cursor: default; opacity: 0.85; }
.poll-option.winner { outline: 2px solid #34d399; }
.tally { font-variant-numeric: tabular-nums; }
.collapse { padding: 2px 8px; font-size: 12px; }
.tab { position: fixed; top: 50%; right: 0; transform: translateY(-50%); pointer-events: auto; border-radius: 8px 0 0 8px; padding: 10px 8px; }
.tab[hidden] { display: none; }
.voice-dock { position: fixed; pointer-events: auto; display: flex; flex-direction: column; border-radius: 10px; overflow: hidden;
  background: rgba(15, 23, 42, 0.94); border: 1px solid #334155; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4); }
.voice-handle { height: 22px; padding: 0 8px; border-radius: 0; text-align: left; font-size: 11px; cursor: move; touch-action: none;
  background: #1e293b; color: #94a3b8; }
.voice-frame { width: 100%; border: 0; background: transparent; color-scheme: dark; }
`;

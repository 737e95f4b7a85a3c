/** Shared classes for the party screens: the playlist screens' form and button styles, plus tables and badges. */
export { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass } from "@/components/playlists/styles";

export const smallButtonClass =
  "inline-flex items-center justify-center rounded-md bg-cyan-300 px-3 py-1 text-sm font-semibold text-slate-950 hover:bg-cyan-200 disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-100";
export const smallSecondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-400 px-3 py-1 text-sm text-slate-100 hover:border-cyan-300 hover:text-cyan-200 disabled:cursor-not-allowed disabled:border-slate-600 disabled:text-slate-400";
export const dangerButtonClass =
  "inline-flex items-center justify-center rounded-md border border-red-400 px-3 py-1.5 text-sm text-red-200 hover:bg-red-950 disabled:cursor-not-allowed disabled:opacity-60";
export const selectClass =
  "rounded-md border border-slate-500 bg-slate-950 px-2 py-1.5 text-sm text-slate-100 focus:border-cyan-300 focus:outline-none focus:ring-2 focus:ring-cyan-300/40";
export const linkClass = "text-cyan-300 hover:underline";

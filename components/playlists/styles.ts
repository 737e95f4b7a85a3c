/** Shared Tailwind classes for the playlist screens (dark theme, AA contrast on slate-900). */
export const inputClass =
  "w-full rounded-md border border-slate-500 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:border-cyan-300 focus:outline-none focus:ring-2 focus:ring-cyan-300/40 disabled:opacity-60";
export const labelClass = "mb-1 block text-sm font-medium text-slate-200";
export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-md bg-cyan-300 px-4 py-2 font-semibold text-slate-950 hover:bg-cyan-200 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-100 hover:border-cyan-300 hover:text-cyan-200 disabled:cursor-not-allowed disabled:border-slate-600 disabled:text-slate-400";
export const panelClass = "rounded-xl border border-slate-700 bg-slate-900 p-5";

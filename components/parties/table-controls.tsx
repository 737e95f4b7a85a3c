"use client";
/**
 * The tables' controls: a platform filter offering All Platforms plus the platforms
 * present, and a count sort ("Most …" / "Least …").
 */
import { useId } from "react";
import { Select } from "@/components/ui/field";

export const ALL_PLATFORMS = "All Platforms";
export type SortOrder = "most" | "least";

/** The distinct platforms present, alphabetically; rows without one are not an option. */
export function platformOptions(platforms: (string | null | undefined)[]): string[] {
  return [...new Set(platforms.filter((p): p is string => Boolean(p)))].sort((a, b) => a.localeCompare(b));
}

export function filterAndSort<T>(rows: T[], opts: { platform: string; order: SortOrder; platformOf: (row: T) => string | null; countOf: (row: T) => number }): T[] {
  const kept = opts.platform === ALL_PLATFORMS ? rows : rows.filter((row) => opts.platformOf(row) === opts.platform);
  // A stable sort keeps the server's order (soonest / newest) among equal counts.
  return [...kept].sort((a, b) => (opts.order === "most" ? opts.countOf(b) - opts.countOf(a) : opts.countOf(a) - opts.countOf(b)));
}

export function PlatformFilter({ label, options, value, onChange }: { label: string; options: string[]; value: string; onChange: (v: string) => void }) {
  const id = useId();
  // A filter on a platform that has since left the list falls back to showing everything.
  const current = value === ALL_PLATFORMS || options.includes(value) ? value : ALL_PLATFORMS;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-200">
        {label}
      </label>
      <Select id={id} value={current} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL_PLATFORMS}>{ALL_PLATFORMS}</option>
        {options.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function SortSelect({ label, noun, value, onChange }: { label: string; noun: string; value: SortOrder; onChange: (v: SortOrder) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-200">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value === "least" ? "least" : "most")}>
        <option value="most">Most {noun}</option>
        <option value="least">Least {noun}</option>
      </Select>
    </div>
  );
}

/** A responsive table frame (scrolls sideways on narrow screens) with a row for messages. */
import type { ReactNode } from "react";

export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-6 text-center text-slate-300">
        {children}
      </td>
    </tr>
  );
}

export function DataTable({ caption, columns, children, minWidth = "48rem" }: { caption: string; columns: readonly string[]; children: ReactNode; minWidth?: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-700 bg-slate-900">
      <table className="w-full text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-950/60 text-left text-xs uppercase tracking-wide text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-3 align-top text-slate-200";
export const rowClass = "border-t border-slate-700";

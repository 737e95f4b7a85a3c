/**
 * A data table that is a real table from 640 px up and a list of cards below it: each row becomes a
 * card and each cell shows its column name (the cell's `data-label`) above its value, so nothing on
 * a phone scrolls sideways. Cells use `Td`/`Th` so the label cannot be forgotten.
 */
import type { CSSProperties, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

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
    <div className="rounded-xl border border-slate-700 bg-slate-900 sm:overflow-x-auto">
      <table className="responsive-table w-full text-sm sm:min-w-[var(--table-min)]" style={{ "--table-min": minWidth } as CSSProperties}>
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

export const cellClass = "relative px-4 py-3 align-top text-slate-200";
export const rowClass = "border-t border-slate-700";

export function Td({ label, className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label: string }) {
  return <td data-label={label} className={`${cellClass} ${className}`} {...props} />;
}

/** The row's header cell (its title), shown as the card's heading on phones. */
export function RowTh({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={`${cellClass} text-left font-medium text-white max-sm:text-base ${className}`} {...props} />;
}

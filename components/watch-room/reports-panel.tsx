/** The host's list of reported chat messages: who reported whose message, and what it said (newest first). */
import type { ChatReport } from "@/lib/sync";

export function ReportsPanel({ reports }: { reports: readonly ChatReport[] }) {
  if (reports.length === 0) return null;
  return (
    <section aria-label="Reported messages" className="rounded-lg border border-red-800 bg-red-950/40 p-3 text-sm text-slate-200">
      <h2 className="font-semibold text-white">Reported messages</h2>
      <ul className="mt-2 max-h-48 space-y-1.5 overflow-y-auto">
        {[...reports].reverse().map((report) => (
          <li key={`${report.messageId}:${report.reporterId}`} className="break-words" data-testid="chat-report">
            <span className="font-semibold">{report.reporterName}</span> reported <span className="font-semibold">{report.authorName}</span>: “{report.text}”
          </li>
        ))}
      </ul>
    </section>
  );
}

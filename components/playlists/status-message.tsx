/** The answer to a form's last submit: a polite status for success, an alert for errors. */
export type Outcome = { kind: "success"; text: string } | { kind: "error"; text: string; detail?: string } | null;

export function StatusMessage({ outcome, id }: { outcome: Outcome; id?: string }) {
  if (!outcome) return <p id={id} role="status" className="min-h-5 text-sm" />;
  if (outcome.kind === "success") {
    return (
      <p id={id} role="status" className="rounded-md border border-emerald-400 bg-emerald-950 px-3 py-2 text-sm text-emerald-50">
        {outcome.text}
      </p>
    );
  }
  return (
    <div id={id} role="alert" className="rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-50">
      <p className="font-medium">{outcome.text}</p>
      {outcome.detail && outcome.detail !== outcome.text && <p className="mt-1 break-words">{outcome.detail}</p>}
    </div>
  );
}

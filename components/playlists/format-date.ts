const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** "Feb 1, 2025"; an unparseable value shows a dash rather than "Invalid Date". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "-" : dateFormat.format(date);
}

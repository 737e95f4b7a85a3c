/** "Failed to save changes. Title is required." — the spec's text, then the server's reason when there is one. */
export function failureText(text: string, error: unknown): string {
  const detail = error instanceof Error ? error.message.trim() : "";
  return detail && detail !== text ? `${text} ${detail}` : text;
}

/** "!vote 2" in Twitch chat: the option's number as viewers see it (1-based), or null for anything else. */
const VOTE = /^!vote\s+(\d{1,2})(?:\s|$)/i;

export function parseTwitchVote(text: string): number | null {
  const match = VOTE.exec(text.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}

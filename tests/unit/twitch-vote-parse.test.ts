/** "!vote N" in Twitch chat: what counts as a vote for option N (1-based), and what is chatter. */
import { parseTwitchVote } from "@/lib/server/twitch-votes/parse-vote";

test.each([
  ["!vote 1", 1],
  ["!vote 2", 2],
  ["  !VOTE   3 ", 3],
  ["!vote 12 because it is better", 12],
  ["!Vote 6", 6],
])("%j votes for option %d", (text, option) => {
  expect(parseTwitchVote(text)).toBe(option);
});

test.each(["!vote", "!vote 0", "!vote two", "!vote 2x", "!vote -1", "!vote 123", "I say !vote 1", "!votes 1", "vote 1", "!vote1"])("%j is not a vote", (text) => {
  expect(parseTwitchVote(text)).toBeNull();
});

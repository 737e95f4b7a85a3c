import "server-only";
/**
 * Reads a party's Twitch chat for "!vote N" while the host allows it, and casts the vote in the
 * party's open poll: one ballot per Twitch account (its user id), changed by a later "!vote". The
 * connection is Twitch's anonymous read-only login (a `justinfan<digits>` nick, no token): reading a
 * public channel's chat needs no account, so the party's host gives us no credential, and nothing is
 * ever written to the channel. @twurple/chat connects anonymously when given no auth provider and
 * reconnects by itself when the connection drops.
 */
import { ChatClient } from "@twurple/chat";
import { chatEndpoint } from "@/lib/server/twitch-bot/chat-endpoint";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { isExpired, PROTOCOL_VERSION } from "@/lib/sync";
import { parseTwitchVote } from "./parse-vote";
import { log } from "@/lib/server/log";

/** Twitch voters' ids in the poll's ballots: apart from every account and guest id. */
export const TWITCH_VOTER_PREFIX = "twitch:";

export class TwitchVoteListener {
  private readonly chat: ChatClient;
  private stopped = false;

  constructor(
    private readonly room: Room,
    private readonly channel: string,
  ) {
    const { hostName, ssl } = chatEndpoint();
    this.chat = new ChatClient({
      hostName,
      ssl,
      webSocket: true,
      channels: [channel],
      logger: { minLevel: "error", custom: (_level, message) => log.error(`[viewparty] twitch votes ${room.id}: ${message}`) },
    });
    this.chat.onMessage((_channel, user, text, msg) => {
      const option = parseTwitchVote(text);
      if (option === null || this.stopped) return;
      const voterId = `${TWITCH_VOTER_PREFIX}${msg.userInfo.userId || user}`;
      const name = `${msg.userInfo.displayName || user} (Twitch)`.slice(0, 100);
      void this.vote(voterId, name, option - 1).catch((error: unknown) => log.error({ err: error }, "[viewparty] twitch vote"));
    });
  }

  start(): void {
    this.chat.connect();
  }

  stop(): void {
    this.stopped = true;
    this.chat.quit();
  }

  /** Cast in the poll open now; a vote for no open poll or no such option is ignored (chat is noisy). */
  private async vote(voterId: string, name: string, option: number): Promise<void> {
    const poll = this.room.poll?.poll;
    const now = Date.now();
    if (this.room.ended || !poll || poll.status !== "open" || isExpired(poll, now) || option >= poll.options.length) return;
    await publish(this.room, { v: PROTOCOL_VERSION, type: "poll.entry", entry: { op: "vote", pollId: poll.id, voterId, name, option, at: now } });
  }
}

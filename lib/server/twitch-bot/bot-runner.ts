import "server-only";
/**
 * One playlist's chat bot: a @twurple/chat client logged in as the bot account, joined to the
 * channel, turning "<prefix> <link>" messages into playlist adds. The client reconnects by itself
 * with growing pauses (0, 1, 1, 2, 3, 5 … up to 120 s) when the connection drops, and retries a
 * refused login on the same schedule; each state change is reported as the bot's status.
 *
 * A refused login needs care: Twitch closes the connection after it, and the client's connection
 * layer would reconnect at once (its pause restarts after every successful connect) besides the
 * client's own delayed login retry, a tight loop of failing logins. So the bot closes the client
 * itself on a refused login, leaving only the delayed retry; when a retry succeeds, one clean
 * reconnect restores what closing took down (the client's send and join queues).
 *
 * A flood of "!add" lines must neither stall the bot nor make it spam. So a line is first checked
 * by what needs no database (a command at all, a link we can play, the viewer's cooldown) and a
 * line failing that is answered at once, never queued; the adds left wait in a fair queue (a few
 * per viewer, a bounded number in all, viewers served in turn); a viewer is told no at most once
 * per REFUSAL_INTERVAL_MS; and what the bot says goes through a bounded outbox, confirmations
 * first, that never holds up the adds (Twitch sends about one message a second for a bot that is
 * not a moderator: the old bot handled lines one at a time and waited for each answer to go out,
 * so 60 bad lines from one viewer held another viewer's add back by about two minutes).
 */
import { ChatClient, type ChatMessage } from "@twurple/chat";
import { addPlaylistLinkInputSchema, PLAYLIST_MAX_VIDEOS, type TwitchBotStatus } from "@/lib/schemas/playlist";
import { ApiError } from "@/lib/server/http/api-error";
import { addPlaylistLink, PlatformRefusedError } from "@/lib/server/playlists/add-playlist-link";
import { chatEndpoint } from "./chat-endpoint";
import { botReplies, parseAddCommand, RefusalLimiter, refusedAdd, ViewerCooldown } from "./chat-command";
import { FairQueue, ReplyOutbox } from "./command-queues";
import { writeBotStatus } from "./bot-status";
import { StoredTokenAuthProvider } from "./stored-token-auth-provider";
import { log } from "@/lib/server/log";

export interface BotConfig {
  playlistId: string;
  /** Adds are made in the owner's name (the owner turned the bot on). */
  ownerId: string;
  channel: string;
  botUsername: string;
  oauthToken: string;
  commandPrefix: string;
  repliesEnabled: boolean;
  cooldownSeconds: number;
}

/** How often one viewer is told no at most, whatever they write (Twitch's own duplicate window is 30 s). */
const REFUSAL_INTERVAL_MS = 30_000;
/** Adds waiting for the database: per viewer (besides the one being added) and in all. */
const PENDING_ADDS_PER_VIEWER = 3;
const PENDING_ADDS_MAX = 100;
/** Messages waiting to be said: confirmations (about 20 s of Twitch's send rate) and refusals (a few seconds). */
const OUTBOX_LIMITS = { confirmations: 20, refusals: 5 };

interface PendingAdd {
  /** The viewer's display name, for the answer. */
  viewer: string;
  url: string;
}

/** Twitch's NOTICE ids for a JOIN it refuses, and what the owner should read. */
const JOIN_FAILURES: Record<string, string> = {
  msg_channel_suspended: "This channel does not exist or has been suspended.",
  msg_banned: "The bot account is banned from this channel.",
  twurple_timeout: "Twitch chat did not confirm joining the channel; check the channel name.",
};

export class TwitchBotRunner {
  private readonly chat: ChatClient;
  private readonly cooldown: ViewerCooldown;
  private readonly refusals = new RefusalLimiter(REFUSAL_INTERVAL_MS);
  /** Adds that passed the checks needing no database, keyed by viewer; added one at a time, so a viewer's cooldown is checked and set atomically. */
  private readonly adds = new FairQueue<PendingAdd>(PENDING_ADDS_PER_VIEWER, PENDING_ADDS_MAX);
  private adding = false;
  private readonly outbox: ReplyOutbox;
  /** Ends the wait for the message being sent: the chat library drops its queued messages on a disconnect without settling them. */
  private abandonSend: (() => void) | null = null;
  private status: { value: TwitchBotStatus; detail: string | null } | null = null;
  private loginRefused = false;
  /** The client was closed after a refused login: the next successful login reconnects it cleanly. */
  private reopenAfterLogin = false;
  private readonly auth: StoredTokenAuthProvider;
  private stopped = false;
  private statusWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: BotConfig,
    /** Called when the playlist is gone or the owner lost the right to add: the bot must stop. */
    private readonly onGone: () => void,
  ) {
    this.cooldown = new ViewerCooldown(config.cooldownSeconds);
    this.outbox = new ReplyOutbox((text) => this.say(text), OUTBOX_LIMITS, (error) => log.error({ err: error }, "[viewparty] twitch bot: reply not sent"));
    const { hostName, ssl } = chatEndpoint();
    this.auth = new StoredTokenAuthProvider(config.oauthToken, config.botUsername);
    this.chat = new ChatClient({
      authProvider: this.auth,
      hostName,
      ssl,
      webSocket: true,
      // Only the library's errors reach the server log (never the IRC lines, which carry the token);
      // what the owner needs to know becomes the status.
      logger: { minLevel: "error", custom: (_level, message) => log.error(`[viewparty] twitch bot ${config.playlistId}: ${message}`) },
    });
    this.chat.onAuthenticationSuccess(() => {
      if (!this.reopenAfterLogin) return void this.join();
      this.reopenAfterLogin = false;
      this.chat.reconnect();
    });
    this.chat.onAuthenticationFailure((text) => {
      this.loginRefused = true;
      this.reopenAfterLogin = true;
      this.chat.quit();
      this.report("error", `Twitch refused the bot's login (${text}). Check the OAuth token and bot username, then save them again.`);
    });
    this.chat.onTokenFetchFailure((error) => {
      this.loginRefused = true;
      this.report("error", `Twitch refused the bot's OAuth token (${error.message}). Enter a new token and save it.`);
    });
    this.chat.onDisconnect((manually, reason) => {
      this.abandonSend?.();
      if (manually || this.stopped || this.loginRefused) return;
      this.report("connecting", `Connection to Twitch chat lost${reason ? ` (${reason.message})` : ""}; reconnecting.`);
    });
    this.chat.onMessage((_channel, user, text, msg) => {
      try {
        this.handleMessage(user, text, msg);
      } catch (error) {
        log.error({ err: error }, "[viewparty] twitch bot: message failed");
      }
    });
  }

  start(): void {
    this.report("connecting", null);
    this.chat.connect();
  }

  stop(): void {
    this.stopped = true;
    this.adds.clear();
    this.outbox.clear();
    this.auth.revoke();
    this.chat.quit();
  }

  private async join(): Promise<void> {
    this.loginRefused = false;
    try {
      await this.chat.join(this.config.channel);
      this.report("connected", null);
    } catch (error) {
      const reason = typeof error === "string" ? error : error instanceof Error ? "twurple_timeout" : "unknown";
      this.report("error", `Could not join #${this.config.channel}: ${JOIN_FAILURES[reason] ?? reason}`);
    }
  }

  /** The status last reported (connecting before the first report). */
  get currentStatus(): TwitchBotStatus {
    return this.status?.value ?? "connecting";
  }

  private report(value: TwitchBotStatus, detail: string | null): void {
    if (this.stopped || (this.status?.value === value && this.status.detail === detail)) return;
    this.status = { value, detail };
    // In order: with a connection pool, two writes in flight at once could land the older one last.
    this.statusWrites = this.statusWrites
      .then(() => writeBotStatus(this.config.playlistId, value, detail))
      .catch((error: unknown) => log.error({ err: error }, "[viewparty] twitch bot: status not saved"));
  }

  /** Synchronous: what needs no database is decided here, as the line arrives. */
  private handleMessage(user: string, text: string, msg: ChatMessage): void {
    if (this.stopped) return;
    const { commandPrefix } = this.config;
    const command = parseAddCommand(text, commandPrefix);
    if (!command) return;
    const viewer = msg.userInfo.displayName || user;
    const viewerKey = msg.userInfo.userId || user;
    if (command.kind === "missing_url") return this.refuse(viewerKey, botReplies.missingUrl(viewer, commandPrefix));
    const wait = this.cooldown.remainingSeconds(viewerKey, Date.now());
    if (wait > 0) return this.refuse(viewerKey, botReplies.cooldown(viewer, wait));
    const input = addPlaylistLinkInputSchema.safeParse({ url: command.url, title: null });
    if (!input.success) return this.refuse(viewerKey, botReplies.unsupported(viewer));
    if (this.adds.push(viewerKey, { viewer, url: input.data.url }) !== "queued") return this.refuse(viewerKey, botReplies.busy(viewer));
    void this.drainAdds();
  }

  private async drainAdds(): Promise<void> {
    if (this.adding) return;
    this.adding = true;
    try {
      for (let next = this.adds.shift(); next && !this.stopped; next = this.adds.shift()) {
        try {
          await this.add(next.key, next.item);
        } catch (error) {
          log.error({ err: error }, "[viewparty] twitch bot: add failed");
        }
      }
    } finally {
      this.adding = false;
    }
  }

  private async add(viewerKey: string, { viewer, url }: PendingAdd): Promise<void> {
    const { playlistId, ownerId } = this.config;
    // Again: an add of theirs queued before this one may have been accepted meanwhile.
    const wait = this.cooldown.remainingSeconds(viewerKey, Date.now());
    if (wait > 0) return this.refuse(viewerKey, botReplies.cooldown(viewer, wait));
    try {
      const link = await addPlaylistLink(playlistId, ownerId, { url, title: null });
      this.cooldown.accepted(viewerKey, Date.now());
      if (this.config.repliesEnabled && !this.stopped) this.outbox.confirm(botReplies.added(viewer, link.title ?? link.url));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outcome = refusedAdd({ code: error.code, accepts: error instanceof PlatformRefusedError ? error.accepts : undefined }, viewer, PLAYLIST_MAX_VIDEOS);
      if (outcome.kind === "reply") return this.refuse(viewerKey, outcome.text);
      if (outcome.kind === "gone") {
        this.adds.clear();
        return this.onGone();
      }
      throw error;
    }
  }

  private refuse(viewerKey: string, text: string): void {
    if (!this.config.repliesEnabled || this.stopped) return;
    if (this.refusals.allow(viewerKey, Date.now())) this.outbox.refuse(text);
  }

  /** Settles once the chat library sent `text`, or gave it up on a disconnect. */
  private say(text: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.abandonSend = resolve;
      this.chat.say(this.config.channel, text).then(resolve, reject);
    }).finally(() => {
      this.abandonSend = null;
    });
  }
}

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
 */
import { ChatClient, type ChatMessage } from "@twurple/chat";
import { addPlaylistLinkInputSchema, PLAYLIST_MAX_VIDEOS, type TwitchBotStatus } from "@/lib/schemas/playlist";
import { ApiError } from "@/lib/server/http/api-error";
import { addPlaylistLink, PlatformRefusedError } from "@/lib/server/playlists/add-playlist-link";
import { chatEndpoint } from "./chat-endpoint";
import { botReplies, parseAddCommand, ViewerCooldown } from "./chat-command";
import { writeBotStatus } from "./bot-status";
import { StoredTokenAuthProvider } from "./stored-token-auth-provider";

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

/** Twitch's NOTICE ids for a JOIN it refuses, and what the owner should read. */
const JOIN_FAILURES: Record<string, string> = {
  msg_channel_suspended: "This channel does not exist or has been suspended.",
  msg_banned: "The bot account is banned from this channel.",
  twurple_timeout: "Twitch chat did not confirm joining the channel; check the channel name.",
};

export class TwitchBotRunner {
  private readonly chat: ChatClient;
  private readonly cooldown: ViewerCooldown;
  private status: { value: TwitchBotStatus; detail: string | null } | null = null;
  private loginRefused = false;
  /** The client was closed after a refused login: the next successful login reconnects it cleanly. */
  private reopenAfterLogin = false;
  private readonly auth: StoredTokenAuthProvider;
  private stopped = false;
  /** Chat commands are handled one at a time, so a viewer's cooldown is checked and set atomically. */
  private queue: Promise<void> = Promise.resolve();
  private statusWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: BotConfig,
    /** Called when the playlist is gone or the owner lost the right to add: the bot must stop. */
    private readonly onGone: () => void,
  ) {
    this.cooldown = new ViewerCooldown(config.cooldownSeconds);
    const { hostName, ssl } = chatEndpoint();
    this.auth = new StoredTokenAuthProvider(config.oauthToken, config.botUsername);
    this.chat = new ChatClient({
      authProvider: this.auth,
      hostName,
      ssl,
      webSocket: true,
      // Only the library's errors reach the server log (never the IRC lines, which carry the token);
      // what the owner needs to know becomes the status.
      logger: { minLevel: "error", custom: (_level, message) => console.error(`[viewparty] twitch bot ${config.playlistId}: ${message}`) },
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
      if (manually || this.stopped || this.loginRefused) return;
      this.report("connecting", `Connection to Twitch chat lost${reason ? ` (${reason.message})` : ""}; reconnecting.`);
    });
    this.chat.onMessage((_channel, user, text, msg) => {
      this.queue = this.queue.then(() => this.handleMessage(user, text, msg)).catch((error: unknown) => console.error("[viewparty] twitch bot: message failed", error));
    });
  }

  start(): void {
    this.report("connecting", null);
    this.chat.connect();
  }

  stop(): void {
    this.stopped = true;
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

  private report(value: TwitchBotStatus, detail: string | null): void {
    if (this.stopped || (this.status?.value === value && this.status.detail === detail)) return;
    this.status = { value, detail };
    // In order: with a connection pool, two writes in flight at once could land the older one last.
    this.statusWrites = this.statusWrites
      .then(() => writeBotStatus(this.config.playlistId, value, detail))
      .catch((error: unknown) => console.error("[viewparty] twitch bot: status not saved", error));
  }

  private async handleMessage(user: string, text: string, msg: ChatMessage): Promise<void> {
    if (this.stopped) return;
    const { commandPrefix, playlistId, ownerId } = this.config;
    const command = parseAddCommand(text, commandPrefix);
    if (!command) return;
    const viewer = msg.userInfo.displayName || user;
    if (command.kind === "missing_url") return this.reply(botReplies.missingUrl(viewer, commandPrefix));
    const viewerKey = msg.userInfo.userId || user;
    const wait = this.cooldown.remainingSeconds(viewerKey, Date.now());
    if (wait > 0) return this.reply(botReplies.cooldown(viewer, wait));
    const input = addPlaylistLinkInputSchema.safeParse({ url: command.url, title: null });
    if (!input.success) return this.reply(botReplies.unsupported(viewer));
    try {
      const link = await addPlaylistLink(playlistId, ownerId, input.data);
      this.cooldown.accepted(viewerKey, Date.now());
      return this.reply(botReplies.added(viewer, link.title ?? link.url));
    } catch (error) {
      if (error instanceof PlatformRefusedError) {
        const { youtube, tiktok } = error.accepts;
        return this.reply(youtube ? botReplies.onlyPlatform(viewer, "YouTube") : tiktok ? botReplies.onlyPlatform(viewer, "TikTok") : botReplies.noPlatform(viewer));
      }
      if (error instanceof ApiError && error.code === "conflict") return this.reply(botReplies.full(viewer, PLAYLIST_MAX_VIDEOS));
      if (error instanceof ApiError && error.code === "unprocessable_entity") return this.reply(botReplies.unsupported(viewer));
      if (error instanceof ApiError && (error.code === "not_found" || error.code === "forbidden")) return this.onGone();
      throw error;
    }
  }

  private async reply(text: string): Promise<void> {
    if (!this.config.repliesEnabled || this.stopped) return;
    await this.chat.say(this.config.channel, text);
  }
}

import "server-only";
/**
 * Where the bots connect: VP_TWITCH_CHAT_URL, turned into the options of @twurple/chat's ChatClient.
 *
 * ChatClient builds its socket address as `ws(s)://<hostName>:<443 or 80>` and has no port option
 * (a hostName of "host:port" gives "ws://host:port:80", which the WebSocket library rejects). A
 * non-default port is therefore passed as "host:port/?": the appended ":80" lands in the query
 * string, which chat servers ignore. Twitch's own address uses the default port and is passed as is.
 */
import { getEnv } from "@/lib/server/env";

export interface ChatEndpoint {
  hostName: string;
  ssl: boolean;
}

export function chatEndpoint(url = getEnv().VP_TWITCH_CHAT_URL): ChatEndpoint {
  const parsed = new URL(url);
  const ssl = parsed.protocol === "wss:";
  // URL drops the port when it is the scheme's default (443 for wss, 80 for ws).
  return { ssl, hostName: parsed.port ? `${parsed.host}/?` : parsed.hostname };
}

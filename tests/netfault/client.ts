/**
 * One party member as a process of its own, run inside a network namespace by the net-fault harness
 * (run.mjs bundles this file with esbuild and starts it under `ip netns exec`). It is the code the
 * watch room ships — ApiClient's join, PartyConnection (the SSE stream with its watchdog and
 * Last-Event-ID resume, commands over the command socket or POST) and SyncSession (the lib/sync
 * engine) — with a player that is a clock instead of a <video>.
 *
 * Env: VP_BASE_URL, VP_PARTY, VP_TOKEN, VP_MEDIA_URL. Writes one JSON line per observation on stdout:
 *   {"k":"badge","text","connection"}     what the room's badge says ("Live", "Reconnecting...")
 *   {"k":"event","type","id",...}         every server event, with the Last-Event-ID it carried
 *   {"k":"sample","pos","paused","status","driftMs"}  the player every 100 ms
 *   {"k":"cmd","op","ok","error"}         the outcome of a command asked on stdin
 * every line with "t": Date.now() (all processes share the machine's clock).
 * Reads JSON lines on stdin: {"op":"play"} | {"op":"seek","position"} | {"op":"chat","text"} | {"op":"exit"}.
 */
import { createInterface } from "node:readline";
import { ApiClient } from "@/lib/party-client/api-client";
import { PartyConnection } from "@/lib/party-client/party-connection";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { SyncSession, type PartyViewModel } from "@/lib/party-client/sync-session";
import { connectionBadge } from "@/lib/party-client/status-text";
import { roomMediaKey } from "@/lib/watch-room/media-key";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const baseUrl = env("VP_BASE_URL");
const partyId = env("VP_PARTY");
const token = env("VP_TOKEN");
const mediaUrl = env("VP_MEDIA_URL");

function out(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ t: Date.now(), ...line })}\n`);
}

const now = () => performance.timeOrigin + performance.now();

/** A player that is only a clock: plays at its rate, seeks land after a short delay as a <video>'s do. */
class ClockPlayer implements SyncPlayer {
  readonly seekable = true;
  private base = 0;
  private baseAt = now();
  private paused = true;
  private rate = 1;
  private seeking = false;
  private readonly listeners = new Set<() => void>();

  position(at = now()): number {
    return this.paused || this.seeking ? this.base : this.base + ((at - this.baseAt) / 1000) * this.rate;
  }
  private rebase(): void {
    const at = now();
    this.base = this.position(at);
    this.baseAt = at;
  }
  private changed(): void {
    setTimeout(() => this.listeners.forEach((l) => l()), 0);
  }
  read() {
    return { currentTime: this.position(), paused: this.paused, playbackRate: this.rate, seeking: this.seeking, buffering: false };
  }
  loaded(): boolean {
    return true;
  }
  async play(): Promise<void> {
    if (!this.paused) return;
    this.rebase();
    this.paused = false;
    this.changed();
  }
  pause(): void {
    if (this.paused) return;
    this.rebase();
    this.paused = true;
    this.changed();
  }
  seek(position: number): void {
    this.rebase();
    this.base = Math.max(0, position);
    this.seeking = true;
    this.changed();
    setTimeout(() => {
      this.baseAt = now();
      this.seeking = false;
      this.changed();
    }, 40);
  }
  setRate(rate: number): void {
    this.rebase();
    this.rate = rate;
    this.changed();
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

const api = new ApiClient(baseUrl);
const player = new ClockPlayer();
let model: PartyViewModel | null = null;
let lastBadge = "";
let connection: PartyConnection | null = null;

const session = new SyncSession(
  {
    now,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    send: async (command) => {
      if (!connection) throw new Error("Not connected to the party.");
      await connection.send(command);
    },
    navigate: () => undefined,
    render: (next) => {
      model = next;
      const badge = connectionBadge(next);
      const key = `${badge.text}|${next.connection}`;
      if (key !== lastBadge) {
        lastBadge = key;
        out({ k: "badge", text: badge.text, connection: next.connection, role: next.role });
      }
    },
    mediaKeyOf: roomMediaKey,
  },
  { url: "", title: "" },
);

async function main(): Promise<void> {
  // Joining is an explicit POST; the stream only reads for a member (a server that still joined on
  // the stream's GET takes the POST as well).
  await api.joinParty(token, partyId);
  connection = new PartyConnection({
    api,
    token,
    partyId,
    onEvent: (event, receivedAt) => {
      session.receive(event, receivedAt);
      if (event.type === "pong") return;
      out({
        k: "event",
        type: event.type,
        id: connection?.lastId ?? null,
        ...(event.type === "playback" ? { state: event.state, cid: event.cid ?? null } : {}),
        ...(event.type === "chat" ? { text: event.message.text } : {}),
      });
    },
    onStatus: (status) => session.setConnection(status.state, status.state === "closed" ? status.error : null),
  });
  session.setPlayer(player);
  session.setTab(mediaUrl, "Net faults");
  connection.start();
  setInterval(() => {
    out({ k: "sample", pos: player.position(), paused: player.read().paused, status: model?.status ?? null, driftMs: model?.driftMs ?? null });
  }, 100);

  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const ask = JSON.parse(line) as { op: string; position?: number; text?: string };
    const done = (promise: Promise<unknown>) =>
      promise.then(
        () => out({ k: "cmd", op: ask.op, ok: true }),
        (error: unknown) => out({ k: "cmd", op: ask.op, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    switch (ask.op) {
      case "play":
        void done(player.play());
        return;
      case "seek":
        // As a viewer using the player's own bar: the session reads the seek and reports it.
        player.seek(ask.position ?? 0);
        out({ k: "cmd", op: "seek", ok: true });
        return;
      case "chat":
        void done(session.sendChat(ask.text ?? ""));
        return;
      case "exit":
        connection?.stop();
        session.dispose();
        process.exit(0);
    }
  });
  rl.on("close", () => process.exit(0));
}

main().catch((error: unknown) => {
  out({ k: "fatal", error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

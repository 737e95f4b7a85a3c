/**
 * The baseline of the fan-out benchmark: a minimal socket.io fan-out server, what a watch party on
 * socket.io boils down to. A guest joins a room; the host emits a command; the server folds it into
 * the room's playback state and broadcasts the same `playback` event ViewParty sends
 * (`{v,type:"playback",state,cid}`) to the room, then acks the host. No auth, no persistence, no
 * replay buffer: a lower bound for the work per fan-out. Run as its own process:
 * `PORT=<p> node bench/lib/socketio-baseline.mjs` (prints "ready" when listening).
 */
import http from "node:http";
import { Server } from "socket.io";

const port = Number(process.env.PORT || 0);
const server = http.createServer((req, res) => {
  res.writeHead(req.url === "/health" ? 200 : 404, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ status: "ok" }));
});
const io = new Server(server, { serveClient: false, transports: ["websocket"], maxHttpBufferSize: 64 * 1024 });

/** room → playback state */
const rooms = new Map();

io.on("connection", (socket) => {
  socket.on("join", (room, ack) => {
    if (typeof room !== "string") return;
    socket.join(room);
    if (!rooms.has(room)) rooms.set(room, { mediaId: "m0", paused: true, position: 0, rate: 1, at: Date.now(), seq: 0 });
    if (typeof ack === "function") ack({ ok: true });
  });
  socket.on("command", (room, command, ack) => {
    const prev = rooms.get(room);
    if (!prev || !command || typeof command !== "object") return;
    const state = {
      ...prev,
      paused: command.type === "pause" ? true : command.type === "play" ? false : prev.paused,
      position: typeof command.position === "number" ? command.position : prev.position,
      at: Date.now(),
      seq: prev.seq + 1,
    };
    rooms.set(room, state);
    io.to(room).emit("event", { v: 1, type: "playback", state, cid: command.cid });
    if (typeof ack === "function") ack({ id: String(state.seq) });
  });
});

server.listen(port, "127.0.0.1", () => {
  console.log(`ready ${server.address().port}`);
});
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    io.close();
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 100).unref();
  });
}
